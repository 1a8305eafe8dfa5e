import { Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconLoader2 } from '@tabler/icons-react';
import type { ListingRun } from '@podflow/contract/listings';
import { CountsBar } from '../../ui/CountsBar';
import { runDone, runState, type RunState } from './listing-run';
import { listingsText as text } from './listings-messages';
import classes from './CreateListingsPage.module.css';

const looks: Record<RunState, { color: string; icon: typeof IconCircleCheck }> = {
  running: { color: 'yellow', icon: IconLoader2 },
  done: { color: 'green', icon: IconCircleCheck },
  doneWithFailures: { color: 'orange', icon: IconAlertTriangle },
  allFailed: { color: 'red', icon: IconCircleX },
  failed: { color: 'red', icon: IconCircleX },
};

const countParts = [
  { key: 'created', color: 'green' },
  { key: 'updated', color: 'teal.4' },
  { key: 'skipped', color: 'gray.5' },
  { key: 'failed', color: 'red' },
] as const;

const finishedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function title(state: RunState, provider: string): string {
  if (state === 'running') return text.runTitle.running(provider);
  if (state === 'done') return text.runTitle.done(provider);
  return text.runTitle[state];
}

interface RunProgressProps {
  provider: string;
  run: ListingRun | null;
  /** A create call is out and its run has not shown up yet. */
  starting: boolean;
}

/** The latest run on a provider: how far it got, each outcome counted, in a bar and in words. */
export function RunProgress({ provider, run, starting }: RunProgressProps) {
  if (!run) {
    return starting ? (
      <Group gap="sm" wrap="nowrap" className={classes.run} role="status">
        <Loader size="sm" color="yellow.7" aria-hidden />
        <Text fz="sm">
          <Text span fw={600} fz="sm">
            {text.creating(provider)}
          </Text>{' '}
          {text.runStarting}
        </Text>
      </Group>
    ) : null;
  }
  const state = runState(run);
  const look = looks[state];
  const Icon = look.icon;
  const running = state === 'running';
  const progress = text.runProgress(runDone(run), run.total);
  const counts = countParts.filter((part) => run[part.key] > 0);

  return (
    <Stack gap={6} className={classes.run} data-testid={`${run.provider}-run`}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color={look.color} variant="light" size={26} radius="xl" aria-hidden>
          <Icon size={16} className={running ? classes.spin : undefined} />
        </ThemeIcon>
        <Text fw={600} fz="sm">
          {title(state, provider)}
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
        label={text.runProgressLabel(provider)}
        valueText={progress}
        value={runDone(run)}
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
          {run.publish ? ` · ${text.runPublished}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
