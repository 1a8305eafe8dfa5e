import { Badge, Button, Collapse, Group, Text, ThemeIcon } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { memo, useId, useState } from 'react';
import type { MockupJobLog } from '@podflow/contract/mockups';
import { CountsBar } from '../../ui/CountsBar';
import { taskStatusLook } from '../../ui/task-status';
import { notRendered } from './job-progress';
import { mockupMessages as text } from './mockup-messages';
import classes from './GenerateMockupsPage.module.css';

/**
 * One job of the run (one template): its status as icon, colour and label, its template, a bar of
 * designs rendered (and failed) of its total, the failed designs with their reasons on demand,
 * and why the whole job failed.
 */
export const MockupJobRow = memo(function MockupJobRow({ job }: { job: MockupJobLog }) {
  const [errorsOpen, setErrorsOpen] = useState(false);
  const errorsId = useId();
  const look = taskStatusLook[job.status];
  const StatusIcon = look.icon;
  const running = job.status === 'In Progress';
  const doneColor = running ? 'yellow' : job.status === 'Pending' ? 'gray' : 'green';
  const progressText = `${text.designsProgress(job.done, job.total)}${job.failed ? ` · ${text.failedCount(job.failed)}` : ''}`;

  return (
    <li className={classes.job} data-status={job.status} data-testid="mockup-job">
      <ThemeIcon color={look.color} variant="light" size={36} radius="xl" aria-hidden>
        <StatusIcon size={20} className={running ? classes.spin : undefined} />
      </ThemeIcon>
      <div className={classes.jobBody}>
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text fw={600} fz="sm" truncate="end" title={job.template_file_name}>
            {job.template_file_name}
          </Text>
          <Badge
            color={look.color}
            variant="light"
            radius="sm"
            c={look.textColor}
            className={classes.status}
            aria-label={`${text.statusLabel}: ${job.status}`}
          >
            {job.status}
          </Badge>
        </Group>
        <CountsBar
          size="md"
          mt={8}
          label={text.jobProgressLabel(job.template_file_name)}
          valueText={progressText}
          value={job.done}
          total={job.total}
          parts={[
            { count: job.done, color: doneColor, animated: running },
            { count: notRendered(job), color: 'red' },
          ]}
        />
        <Group justify="space-between" gap="sm" mt={6} wrap="nowrap" mih={26}>
          <Text fz="xs" c="dimmed" data-testid="job-progress-text">
            {text.designsProgress(job.done, job.total)}
            {job.failed ? (
              <>
                {' · '}
                <Text span fz="xs" c="red.8" fw={500}>
                  {text.failedCount(job.failed)}
                </Text>
              </>
            ) : null}
          </Text>
          {job.errors.length ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-xs"
              rightSection={
                <IconChevronDown
                  size={14}
                  aria-hidden
                  className={classes.chevron}
                  data-open={errorsOpen || undefined}
                />
              }
              aria-expanded={errorsOpen}
              aria-controls={errorsId}
              onClick={() => setErrorsOpen((open) => !open)}
            >
              {errorsOpen ? text.hideErrors(job.errors.length) : text.showErrors(job.errors.length)}
            </Button>
          ) : null}
        </Group>
        {job.status === 'Failed' && job.reason ? (
          <Text fz="sm" c="red.8" mt={4}>
            {text.jobFailedReason(job.reason)}
          </Text>
        ) : null}
        {job.errors.length ? (
          <Collapse expanded={errorsOpen} id={errorsId}>
            <ul className={classes.errors} aria-label={`Failed designs of ${job.template_file_name}`}>
              {job.errors.map((error) => (
                <li key={error.design_id}>
                  <Text fz="xs" fw={600} span className={classes.errorName} title={error.design_file_name}>
                    {error.design_file_name}
                  </Text>
                  <Text fz="xs" c="dimmed" span>
                    {error.reason}
                  </Text>
                </li>
              ))}
            </ul>
          </Collapse>
        ) : null}
      </div>
    </li>
  );
});
