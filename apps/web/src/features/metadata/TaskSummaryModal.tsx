import { Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { aiTaskStatuses, type TaskStatusSummary } from '@podflow/contract/metadata';
import { failureText } from '../../api/failure-text';
import { CountsBar } from '../../ui/CountsBar';
import { taskStatusLook } from '../../ui/task-status';
import { runCounts } from './get-task-status-summary.api';
import { metadataText as text } from './metadata-messages';
import { FailureAlert } from './ModalAlerts';

interface TaskSummaryModalProps {
  opened: boolean;
  summary: TaskStatusSummary | undefined;
  /** The summary could not be loaded (and none is shown yet). */
  error: unknown;
  onClose: () => void;
}

/** How the run went, in a heading. */
function headline(summary: TaskStatusSummary): string {
  const { open, done, failed, total } = runCounts(summary);
  if (total === 0) return text.summaryIdle;
  if (open > 0) return text.summaryRunning;
  if (failed === done) return text.summaryAllFailed;
  return failed ? text.summaryDoneWithFailures : text.summaryDone;
}

/**
 * SPEC.md section 4: the Task Status Summary of the AI run, each status with its count, the
 * progress of the run and why designs failed. The page polls it while tasks are open; closing it
 * reloads the designs.
 */
export function TaskSummaryModal({ opened, summary, error, onClose }: TaskSummaryModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={text.summaryTitle} centered size="lg">
      {summary ? (
        <SummaryBody summary={summary} />
      ) : error ? (
        <FailureAlert message={failureText(error, text.summaryFailed)} />
      ) : (
        <Group gap="sm" py="lg" role="status">
          <Loader size="sm" type="dots" aria-hidden />
          <Text fz="sm" c="dimmed">
            {text.summaryLoading}
          </Text>
        </Group>
      )}
      <Text fz="xs" c="dimmed" mt="md">
        {text.summaryCloseHint}
      </Text>
      <Group justify="flex-end" mt="sm">
        <Button onClick={onClose}>{text.close}</Button>
      </Group>
    </Modal>
  );
}

function SummaryBody({ summary }: { summary: TaskStatusSummary }) {
  const counts = summary.status_summary;
  const { open, done, total } = runCounts(summary);
  const progress = text.summaryProgress(done, total);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" gap="sm">
        <Text fw={650} fz="lg">
          {headline(summary)}
        </Text>
        <Text fz="sm" c="dimmed" aria-live="polite" data-testid="summary-progress">
          {progress}
        </Text>
      </Group>
      <CountsBar
        size="lg"
        label={text.summaryProgressLabel}
        valueText={progress}
        value={done}
        total={total}
        parts={[
          { count: counts.Completed, color: 'green' },
          { count: counts.Failed, color: 'red' },
          { count: counts['In Progress'], color: 'yellow', striped: true, animated: open > 0 },
        ]}
      />
      <SimpleGrid cols={4} spacing="sm" role="list" aria-label={text.summaryTitle}>
        {aiTaskStatuses.map((status) => {
          const look = taskStatusLook[status];
          const StatusIcon = look.icon;
          return (
            <Paper
              key={status}
              withBorder
              radius="md"
              p="sm"
              role="listitem"
              aria-label={`${status}: ${counts[status]}`}
            >
              <Group gap={8} wrap="nowrap">
                <ThemeIcon color={look.color} variant="light" size={28} radius="xl" aria-hidden>
                  <StatusIcon size={16} />
                </ThemeIcon>
                <div>
                  <Text fz="xl" fw={650} lh={1.1} data-testid={`status-${status}`}>
                    {counts[status].toLocaleString('en-US')}
                  </Text>
                  <Text fz="xs" c={look.textColor} fw={500}>
                    {status}
                  </Text>
                </div>
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
      {summary.failures.length ? (
        <Stack gap={6}>
          <Text fz="sm" fw={600}>
            {text.failuresTitle}
          </Text>
          <Stack
            component="ul"
            gap={4}
            m={0}
            p="sm"
            bg="red.0"
            style={{ listStyle: 'none', borderRadius: 8, maxHeight: 220, overflowY: 'auto' }}
            aria-label={text.failuresTitle}
          >
            {summary.failures.map((failure, index) => (
              <Group
                component="li"
                key={`${failure.image_file_name}-${index}`}
                gap="sm"
                wrap="nowrap"
                align="flex-start"
              >
                <Text fz="sm" fw={500} maw="40%" truncate="end" title={failure.image_file_name}>
                  {failure.image_file_name}
                </Text>
                <Text fz="sm" c="red.8" style={{ flex: 1, minWidth: 0 }}>
                  {failure.reason}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
