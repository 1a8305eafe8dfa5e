import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconCircleCheck,
  IconLoader2,
  IconCircleX,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { CountsBar } from '../../ui/CountsBar';
import type { RunSummary } from './job-progress';
import { mockupMessages as text } from './mockup-messages';
import classes from './GenerateMockupsPage.module.css';

const looks = {
  running: { color: 'yellow', icon: IconLoader2, title: text.runningTitle, hint: null },
  done: { color: 'green', icon: IconCircleCheck, title: text.doneTitle, hint: text.doneText },
  doneWithFailures: {
    color: 'orange',
    icon: IconAlertTriangle,
    title: text.doneWithFailuresTitle,
    hint: text.doneWithFailuresText,
  },
  allFailed: { color: 'red', icon: IconCircleX, title: text.allFailedTitle, hint: text.allFailedText },
} as const;

/**
 * The whole run at a glance: mockups rendered of the total, jobs finished, what failed; once it
 * has ended, where to go next.
 */
export function RunSummaryCard({ summary }: { summary: RunSummary }) {
  if (summary.state === 'idle') return null;
  const look = looks[summary.state];
  const Icon = look.icon;
  const running = summary.state === 'running';
  const rendered = text.summaryRendered(summary.done, summary.total);
  return (
    <Paper withBorder radius="md" p="lg" className={classes.summary} data-testid="run-summary">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <ThemeIcon color={look.color} variant="light" size={44} radius="xl" aria-hidden>
          <Icon size={24} className={running ? classes.spin : undefined} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="baseline" gap="sm">
            <Text fw={650} fz="lg">
              {look.title}
            </Text>
            <Text fz="sm" c="dimmed">
              {text.summaryJobs(summary.finishedJobs, summary.jobs)}
            </Text>
          </Group>
          <Text fz="md" fw={500} aria-live="polite" data-testid="run-summary-rendered">
            {rendered}
          </Text>
          <CountsBar
            size="lg"
            label={text.summaryProgressLabel}
            valueText={rendered}
            value={summary.done}
            total={summary.total}
            parts={[
              { count: summary.done, color: running ? 'yellow' : 'green', animated: running },
              { count: summary.failed, color: 'red' },
            ]}
          />
          {summary.failed ? (
            <Text fz="sm" c="red.8" fw={500}>
              {text.summaryFailed(summary.failed)}
            </Text>
          ) : null}
          {look.hint ? (
            <Group justify="space-between" gap="md" mt={4} wrap="nowrap">
              <Text fz="sm" c="dimmed">
                {look.hint}
              </Text>
              {summary.done > 0 ? (
                <Button
                  component={Link}
                  to="/reviewMockups"
                  color={summary.state === 'done' ? 'green' : undefined}
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                  style={{ flexShrink: 0 }}
                >
                  {text.reviewMockups}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
