import { Alert, Button, Group, List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconCircleCheck,
  IconCircleX,
  IconLoader2,
} from '@tabler/icons-react';
import type { StoreSyncRun, TargetStore } from '@podflow/contract/stores';
import { CountsBar } from '../../ui/CountsBar';
import { publishText as text } from './publish-messages';
import { syncOutcomes, syncSummaryOf, type SyncSummaryState } from './store-sync-run';
import classes from './PublishListingsPage.module.css';

const looks: Record<SyncSummaryState, { color: string; icon: typeof IconCircleCheck }> = {
  running: { color: 'yellow', icon: IconLoader2 },
  synced: { color: 'green', icon: IconCircleCheck },
  partly: { color: 'orange', icon: IconAlertTriangle },
  nothing: { color: 'orange', icon: IconAlertTriangle },
  failed: { color: 'red', icon: IconCircleX },
};

const count = (value: number) => value.toLocaleString('en-US');
const finishedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface SyncSummaryProps {
  store: TargetStore;
  run: StoreSyncRun | null;
  /** The start call is out, its run not shown yet. */
  starting: boolean;
  /** Opens the step that fixes skipped designs (step 7). */
  onFix: () => void;
}

/**
 * The latest sync as it happened: synced, skipped and failed counted, why designs were skipped or
 * failed (each reason once, with how many), and a way to the step that fixes them. A sync that
 * synced nothing is never shown as a success; a sync that stopped says SPEC.md's sentence and,
 * beside it, the reason.
 */
export function SyncSummary({ store, run, starting, onFix }: SyncSummaryProps) {
  if (!run) {
    return starting ? (
      <Group gap="sm" wrap="nowrap" className={classes.run} role="status">
        <Loader size="sm" color="yellow.7" aria-hidden />
        <Text fz="sm" fw={600}>
          {text.starting(store)}
        </Text>
      </Group>
    ) : null;
  }
  const summary = syncSummaryOf(run);
  const look = looks[summary.state];
  const Icon = look.icon;
  const running = summary.state === 'running';
  const done = run.updated + run.unchanged + run.skipped + run.failed;
  const progress = `${count(done)} of ${count(run.total)} ${run.total === 1 ? 'design' : 'designs'} done`;

  return (
    <Stack gap={6} className={classes.run} data-testid={`${store}-sync`}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color={look.color} variant="light" size={26} radius="xl" aria-hidden>
          <Icon size={16} className={running ? classes.spin : undefined} />
        </ThemeIcon>
        <Text fw={600} fz="sm" data-testid="sync-title">
          {text.summaryTitle(store, summary)}
        </Text>
      </Group>
      {run.status === 'Failed' ? (
        // SPEC.md section 8's sentence, and beside it what went wrong: never the console alone.
        <Alert color="red" variant="light" role="alert" title={text.syncFailed(store)}>
          <Text fz="sm">{run.reason ?? text.noReason}</Text>
        </Alert>
      ) : null}
      {running ? (
        <Text fz="sm" aria-live="polite">
          {progress}
        </Text>
      ) : null}
      <Text fz="sm" fw={500} aria-live="polite">
        {text.summaryCounts(summary)}
      </Text>
      {run.printify_shop ? (
        <Text fz="xs" c="dimmed">
          {text.fromShop(run.printify_shop)}
        </Text>
      ) : null}
      <CountsBar
        size="md"
        label={text.runProgressLabel(store)}
        valueText={progress}
        value={done}
        total={run.total}
        parts={syncOutcomes.map((outcome) => ({
          count: run[outcome.key],
          color: outcome.color,
          striped: running,
          animated: running,
        }))}
      />
      {summary.reasons.length ? (
        <List size="sm" spacing={4} aria-label={text.reasonsLabel} className={classes.reasons}>
          {summary.reasons.map((reason) => (
            <List.Item key={`${reason.status}:${reason.text}`}>
              <Text span fz="sm" c={reason.status === 'failed' ? 'red.8' : undefined}>
                <Text span fw={600} fz="sm">
                  {text.reasonCount(reason.designs, reason.status)}
                </Text>{' '}
                {reason.text}
              </Text>
            </List.Item>
          ))}
        </List>
      ) : null}
      {!running && summary.fixInStep7 ? (
        <Group>
          <Button
            size="xs"
            variant="light"
            rightSection={<IconArrowRight size={14} aria-hidden />}
            onClick={onFix}
          >
            {text.fixInStep7}
          </Button>
        </Group>
      ) : null}
      {run.finished_at ? (
        <Text fz="xs" c="dimmed">
          {text.runFinished(finishedFormat.format(new Date(run.finished_at)))}
          {run.skip_mockups ? ` · ${text.runKeptImages}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
