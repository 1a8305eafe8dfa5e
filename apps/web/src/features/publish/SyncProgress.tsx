import { Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconLoader2 } from '@tabler/icons-react';
import type { StoreSyncRun, TargetStore } from '@podflow/contract/stores';
import { CountsBar } from '../../ui/CountsBar';
import { publishText as text } from './publish-messages';
import { syncDone, syncState, type SyncState } from './store-sync-run';
import classes from './PublishListingsPage.module.css';

const looks: Record<SyncState, { color: string; icon: typeof IconCircleCheck }> = {
  running: { color: 'yellow', icon: IconLoader2 },
  done: { color: 'green', icon: IconCircleCheck },
  doneWithFailures: { color: 'orange', icon: IconAlertTriangle },
  allFailed: { color: 'red', icon: IconCircleX },
  failed: { color: 'red', icon: IconCircleX },
};

/** The four outcomes, in the bar's order and colours. */
const countParts = [
  { key: 'updated', color: 'green' },
  { key: 'unchanged', color: 'teal.3' },
  { key: 'skipped', color: 'gray.5' },
  { key: 'failed', color: 'red' },
] as const;

const finishedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function title(state: SyncState, store: TargetStore): string {
  if (state === 'running' || state === 'done') return text.runTitle[state](store);
  return text.runTitle[state];
}

interface SyncProgressProps {
  store: TargetStore;
  run: StoreSyncRun | null;
  /** A sync call is out and its run has not shown up yet. */
  starting: boolean;
}

/** The latest sync to a store: how far it got, each outcome counted, in a bar and in words. */
export function SyncProgress({ store, run, starting }: SyncProgressProps) {
  if (!run) {
    return starting ? (
      <Group gap="sm" wrap="nowrap" className={classes.run} role="status">
        <Loader size="sm" color="yellow.7" aria-hidden />
        <Text fz="sm">
          <Text span fw={600} fz="sm">
            {text.starting(store)}
          </Text>{' '}
          {text.runStarting}
        </Text>
      </Group>
    ) : null;
  }
  const state = syncState(run);
  const look = looks[state];
  const Icon = look.icon;
  const running = state === 'running';
  const done = syncDone(run);
  const progress = text.runProgress(done, run.total);
  const counts = countParts.filter((part) => run[part.key] > 0);

  return (
    <Stack gap={6} className={classes.run} data-testid={`${run.store}-sync`}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color={look.color} variant="light" size={26} radius="xl" aria-hidden>
          <Icon size={16} className={running ? classes.spin : undefined} />
        </ThemeIcon>
        <Text fw={600} fz="sm">
          {title(state, store)}
        </Text>
      </Group>
      {state === 'failed' && run.reason ? (
        <Text fz="sm" c="red.8">
          {run.reason}
        </Text>
      ) : null}
      <Text fz="sm" aria-live="polite">
        {progress}
        {counts.length ? (
          <Text span fz="sm" c="dimmed">
            {' · '}
            {counts
              .map((part) => `${run[part.key].toLocaleString('en-US')} ${text.runCounts[part.key]}`)
              .join(' · ')}
          </Text>
        ) : null}
      </Text>
      <CountsBar
        size="md"
        label={text.runProgressLabel(store)}
        valueText={progress}
        value={done}
        total={run.total}
        parts={countParts.map((part) => ({
          count: run[part.key],
          color: part.color,
          striped: running,
          animated: running,
        }))}
      />
      {run.finished_at ? (
        <Text fz="xs" c="dimmed">
          {text.runFinished(finishedFormat.format(new Date(run.finished_at)))}
          {run.skip_mockups ? ` · ${text.runKeptImages}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
