import { Button, EmptyState, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconRotateClockwise2, IconWand } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { GenerateMode } from '@podflow/contract/mockups';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { GuardedButton } from '../../ui/GuardedButton';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PageToolbar } from '../../ui/PageToolbar';
import { RequireWorkspace, type CurrentWorkspace } from '../../ui/RequireWorkspace';
import { StepButtons } from '../../ui/StepButtons';
import { WorkspaceBar } from '../../ui/WorkspaceBar';
import { useGenerateMockups } from './generate-mockups.api';
import { mockupJobLogsKey, useMockupJobLogs } from './get-mockup-job-logs.api';
import { runSummary } from './job-progress';
import { useMockupJobEvents } from './mockup-job-events.api';
import { mockupMessages as text } from './mockup-messages';
import { MockupJobRow } from './MockupJobRow';
import { RunSummaryCard } from './RunSummaryCard';
import { useJobPolling } from './use-job-polling';
import classes from './GenerateMockupsPage.module.css';

/** /generateMockups: step 4, Generate Mockups. */
export function GenerateMockupsPage() {
  return (
    <RequireWorkspace
      title={text.generateTitle}
      description={text.generateIntro}
      noWorkspaceText={text.generateNoWorkspaceText}
    >
      {(workspace) => <WorkspaceGenerate key={workspace.workspaceId} {...workspace} />}
    </RequireWorkspace>
  );
}

function WorkspaceGenerate({ workspaceId, workspaceName }: CurrentWorkspace) {
  const queryClient = useQueryClient();
  const jobs = useMockupJobLogs(workspaceId);
  const generate = useGenerateMockups(workspaceId);
  const [refreshing, setRefreshing] = useState(false);
  useMockupJobEvents(workspaceId);

  const list = useMemo(() => jobs.data ?? [], [jobs.data]);
  const summary = useMemo(() => runSummary(list), [list]);
  const running = summary.state === 'running';

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: mockupJobLogsKey(workspaceId) }),
    [queryClient, workspaceId],
  );
  const polling = useJobPolling(running, () => void reload());

  const refreshLogs = () => {
    setRefreshing(true);
    polling.restart();
    void reload().finally(() => setRefreshing(false));
  };

  // A second click before the first request's state reaches the button (a double click) sends nothing.
  const inFlight = useRef(false);
  const start = (mode: GenerateMode) => {
    if (inFlight.current) return;
    inFlight.current = true;
    generate.mutate(mode, {
      onSuccess: (reply) => {
        polling.restart();
        if (reply.already_running || reply.queued === 0) {
          // Nothing started: the run going on (maybe from another tab), or nothing new to render.
          notifications.show({ color: 'blue', message: reply.message });
        } else {
          notifySuccess(reply.message);
        }
      },
      onError: (error) => {
        notifyError(failureText(error, text.generateFailed));
        // 409 (an older server): a run is going on: show it.
        if (error instanceof ApiError && error.status === 409) {
          polling.restart();
          void reload();
        }
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const confirmRegenerate = () =>
    modals.openConfirmModal({
      title: text.regenerateTitle,
      centered: true,
      children: (
        <>
          <Text fz="sm">{text.regenerateText(null)}</Text>
          <Text fz="sm" c="dimmed" mt={6}>
            {text.regenerateKeeps}
          </Text>
        </>
      ),
      labels: { confirm: text.regenerateConfirm, cancel: text.regenerateCancel },
      onConfirm: () => start('all'),
    });

  const generateReason = generate.isPending ? text.generateStarting : running ? text.generateRunning : null;
  // Before the first run both would do the same: one button, as SPEC.md names it.
  const generatedBefore = list.length > 0;
  const pendingMode = generate.isPending ? generate.variables : undefined;

  return (
    <>
      <PageHeader title={text.generateTitle} description={text.generateIntro} />
      <WorkspaceBar workspaceName={workspaceName} />

      <PageToolbar label="Mockup actions">
        <Group gap="sm">
          <GuardedButton
            reason={generateReason}
            onClick={() => start('new')}
            leftSection={
              pendingMode === 'new' ? (
                <Loader size={16} color="currentColor" aria-hidden />
              ) : (
                <IconWand size={18} aria-hidden />
              )
            }
          >
            {generatedBefore ? text.generateNew : text.generate}
          </GuardedButton>
          {generatedBefore ? (
            <GuardedButton
              reason={generateReason}
              variant="default"
              onClick={confirmRegenerate}
              leftSection={
                pendingMode === 'all' ? (
                  <Loader size={16} color="currentColor" aria-hidden />
                ) : (
                  <IconRotateClockwise2 size={18} aria-hidden />
                )
              }
            >
              {text.regenerateAll}
            </GuardedButton>
          ) : null}
        </Group>
        <Group gap="sm">
          <StepButtons back="/SelectMockupImageModeTemplates" next="/reviewMockups" />
        </Group>
      </PageToolbar>

      <RunSummaryCard summary={summary} />

      <Paper withBorder radius="md" component="section" aria-labelledby="progress-information">
        <Group justify="space-between" gap="sm" className={classes.panelHeader}>
          <Title order={2} fz="lg" fw={650} id="progress-information">
            {text.progressTitle}
          </Title>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={refreshing}
            onClick={refreshLogs}
          >
            {text.refreshLogs}
          </Button>
        </Group>
        {jobs.isPending ? (
          <Group gap="sm" p="lg" role="status" aria-live="polite">
            <Loader size="sm" type="dots" aria-hidden />
            <Text fz="sm" c="dimmed">
              {text.loading}
            </Text>
          </Group>
        ) : jobs.isError && !jobs.data ? (
          <div style={{ padding: 16 }}>
            <LoadFailedAlert message={failureText(jobs.error, text.logsLoadFailed)} onRetry={refreshLogs} />
          </div>
        ) : list.length === 0 ? (
          <EmptyState icon={<IconWand size={30} />} variant="light" size="md" maw={520} mx="auto" py={48}>
            <EmptyState.Title order={3}>{text.noJobs}</EmptyState.Title>
            <EmptyState.Description>{text.noJobsHint}</EmptyState.Description>
          </EmptyState>
        ) : (
          <ul className={classes.jobs} aria-label="Mockup jobs">
            {list.map((job) => (
              <MockupJobRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </Paper>
    </>
  );
}
