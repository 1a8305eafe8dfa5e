import { Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconLoader2 } from '@tabler/icons-react';
import { CountsBar } from './CountsBar';
import { runState, type RunState, type RunSummary } from './run-state';
import classes from './RunProgress.module.css';

const looks: Record<RunState, { color: string; icon: typeof IconCircleCheck }> = {
  running: { color: 'yellow', icon: IconLoader2 },
  done: { color: 'green', icon: IconCircleCheck },
  doneWithFailures: { color: 'orange', icon: IconAlertTriangle },
  allFailed: { color: 'red', icon: IconCircleX },
  failed: { color: 'red', icon: IconCircleX },
};

const count = (value: number) => value.toLocaleString('en-US');
const finishedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One outcome a run counts: the run's field of it, its colour in the bar and its word ('2 created'). */
export interface RunOutcome<K extends string> {
  key: K;
  color: string;
  label: string;
}

/** A run as the progress shows it: its state, its outcomes counted, why it stopped, when it ended. */
type ShownRun<K extends string> = RunSummary &
  Record<K, number> & { reason: string | null; finished_at: string | null };

interface RunProgressProps<K extends string> {
  run: ShownRun<NoInfer<K>> | null;
  /** What a call that is out, its run not shown up yet, is doing; null while none is. */
  starting: string | null;
  /** The headline of each state. */
  titles: Record<RunState, string>;
  /** The outcomes in the bar's order; together they are the designs done. */
  outcomes: readonly RunOutcome<K>[];
  /** The bar's accessible name. */
  label: string;
  /** The line under the bar once the run is over, of when it was. */
  finished: (when: string) => string;
  /** What is said after it, or null. */
  note: string | null;
  'data-testid': string;
}

/** The latest run of a step: how far it got, each outcome counted, in a bar and in words. */
export function RunProgress<K extends string>(props: RunProgressProps<K>) {
  const { run, starting, titles, outcomes, label, finished, note } = props;
  if (!run) {
    return starting ? (
      <Group gap="sm" wrap="nowrap" className={classes.run} role="status">
        <Loader size="sm" color="yellow.7" aria-hidden />
        <Text fz="sm">
          <Text span fw={600} fz="sm">
            {starting}
          </Text>{' '}
          Starting… the first designs show up here in a moment.
        </Text>
      </Group>
    ) : null;
  }
  const state = runState(run);
  const look = looks[state];
  const Icon = look.icon;
  const running = state === 'running';
  const done = outcomes.reduce((sum, outcome) => sum + run[outcome.key], 0);
  const progress = `${count(done)} of ${count(run.total)} ${run.total === 1 ? 'design' : 'designs'} done`;
  const counted = outcomes.filter((outcome) => run[outcome.key] > 0);

  return (
    <Stack gap={6} className={classes.run} data-testid={props['data-testid']}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color={look.color} variant="light" size={26} radius="xl" aria-hidden>
          <Icon size={16} className={running ? classes.spin : undefined} />
        </ThemeIcon>
        <Text fw={600} fz="sm">
          {titles[state]}
        </Text>
      </Group>
      {state === 'failed' && run.reason ? (
        <Text fz="sm" c="red.8">
          {run.reason}
        </Text>
      ) : null}
      <Text fz="sm" aria-live="polite">
        {progress}
        {counted.length ? (
          <Text span fz="sm" c="dimmed">
            {' · '}
            {counted.map((outcome) => `${count(run[outcome.key])} ${outcome.label}`).join(' · ')}
          </Text>
        ) : null}
      </Text>
      <CountsBar
        size="md"
        label={label}
        valueText={progress}
        value={done}
        total={run.total}
        parts={outcomes.map((outcome) => ({
          count: run[outcome.key],
          color: outcome.color,
          striped: running,
          animated: running,
        }))}
      />
      {run.finished_at ? (
        <Text fz="xs" c="dimmed">
          {finished(finishedFormat.format(new Date(run.finished_at)))}
          {note ? ` · ${note}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
