import { Badge, Button, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDeviceFloppy,
  IconFileExport,
  IconFileImport,
  IconPhotoUp,
  IconSparkles,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { DesignLineItem } from '@podflow/contract/designs';
import { metadataCsvFileName } from '@podflow/contract/metadata';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { designsLoadErrorText, designsQuery, useDesigns } from '../../api/get-designs.api';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { GuardedButton } from '../../ui/GuardedButton';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PageToolbar } from '../../ui/PageToolbar';
import { RequireWorkspace, type CurrentWorkspace } from '../../ui/RequireWorkspace';
import { StepButtons } from '../../ui/StepButtons';
import { useThumbnailRefetch } from '../../ui/use-thumbnail-refetch';
import { WorkspaceBar } from '../../ui/WorkspaceBar';
import { AiRunBanner } from './AiRunBanner';
import { DesignPreviewModal } from './DesignPreviewModal';
import { createDraftStore } from './draft-store';
import { useExportMetadataCsv } from './export-metadata-csv.api';
import { GenerateConfirmModal } from './GenerateConfirmModal';
import { useGenerateMetadata } from './generate-metadata.api';
import { runCounts, useTaskSummary } from './get-task-status-summary.api';
import { ImportCsvModal } from './ImportCsvModal';
import { LeaveConfirmModal } from './LeaveConfirmModal';
import { generateFailureText } from './metadata-failure';
import { metadataText as text } from './metadata-messages';
import { MetadataTable } from './MetadataTable';
import { useSaveMetadata } from './save-metadata.api';
import { TaskSummaryModal } from './TaskSummaryModal';
import { useUnsavedGuard } from './use-unsaved-guard';

/** /updateMetadata: step 6, Update Metadata. */
export function UpdateMetadataPage() {
  return (
    <RequireWorkspace title={text.title} description={text.intro} noWorkspaceText={text.noWorkspaceText}>
      {(workspace) => <WorkspaceMetadata key={workspace.workspaceId} {...workspace} />}
    </RequireWorkspace>
  );
}

function WorkspaceMetadata({ workspaceId, workspaceName }: CurrentWorkspace) {
  const queryClient = useQueryClient();
  const designs = useDesigns(workspaceId);
  const [store] = useState(createDraftStore);
  const unsaved = useSyncExternalStore(store.subscribe, store.count);
  const save = useSaveMetadata(workspaceId, store.saved);
  const generate = useGenerateMetadata(workspaceId);
  const summary = useTaskSummary(workspaceId);
  const exportCsv = useExportMetadataCsv(workspaceId);
  const blocker = useUnsavedGuard(unsaved > 0);

  const [confirmOpen, setConfirmOpen] = useState(false);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [preview, setPreview] = useState<DesignLineItem | null>(null);

  const list = useMemo(() => designs.data ?? [], [designs.data]);
  // Designs rewritten on the server (AI, import) take over from edits made on their old text.
  useEffect(() => {
    if (designs.data) store.reconcile(designs.data);
  }, [designs.data, store]);

  const reloadDesigns = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: designsQuery(workspaceId).queryKey }),
    [queryClient, workspaceId],
  );
  const onThumbnailError = useThumbnailRefetch(reloadDesigns);

  const run = runCounts(summary.data);
  const running = run.open > 0;
  // A run that ends while the seller is here brings what it wrote into the fields.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) reloadDesigns();
    wasRunning.current = running;
  }, [running, reloadDesigns]);

  // Only the designs with edits are sent: the toast counts what was saved, and rows another tab
  // changed meanwhile are not written back with this page's older text.
  const saveAll = () =>
    save.mutate(store.rows(list.filter((design) => store.draftOf(design.lineitem_id))), {
      onSuccess: (reply) => {
        notifySuccess(reply.message);
        if (reply.warnings.length) {
          notifications.show({
            color: 'orange',
            title: text.saveWarningsTitle,
            message: text.saveWarnings(
              reply.warnings.length,
              reply.warnings.map((warning) => warning.image_file_name),
            ),
          });
        }
      },
      onError: (error) => {
        notifyError(failureText(error, text.saveFailed));
        if (blocker.state === 'blocked') blocker.reset();
      },
    });

  const openConfirm = () => {
    setGenerateError(null);
    setConfirmOpen(true);
  };

  const startGenerate = () => {
    setGenerateError(null);
    generate.mutate(store.rows(list), {
      onSuccess: (reply) => {
        setConfirmOpen(false);
        notifySuccess(reply.message);
        setSummaryOpen(true);
      },
      onError: (error) => {
        // 409: a run is still going (maybe from another tab): say so and show it.
        if (error instanceof ApiError && error.status === 409) {
          setConfirmOpen(false);
          notifyError(failureText(error, text.generateRunning));
          void summary.refetch();
          setSummaryOpen(true);
          return;
        }
        setGenerateError(generateFailureText(error));
      },
    });
  };

  const closeSummary = () => {
    setSummaryOpen(false);
    reloadDesigns();
  };

  const startExport = () =>
    exportCsv.mutate(undefined, {
      onSuccess: () =>
        notifySuccess(
          unsaved
            ? `${text.exported(metadataCsvFileName)}. ${text.exportUnsavedHint}`
            : text.exported(metadataCsvFileName),
        ),
      onError: (error) => notifyError(failureText(error, text.exportFailed)),
    });

  const loaded = designs.data !== undefined;
  const noDesigns = loaded && list.length === 0 ? text.noDesignsReason : null;
  const notLoaded = loaded ? null : text.loading;
  const saveReason = notLoaded ?? noDesigns ?? (unsaved === 0 ? text.saveNothing : null);
  const generateReason = notLoaded ?? noDesigns ?? (running ? text.generateRunning : null);

  return (
    <>
      <PageHeader title={text.title} description={text.intro} />
      <WorkspaceBar workspaceName={workspaceName} />

      <PageToolbar label={text.toolbarLabel}>
        <Group gap="sm">
          <GuardedButton
            reason={generateReason}
            variant="light"
            leftSection={<IconSparkles size={18} aria-hidden />}
            onClick={openConfirm}
          >
            {text.generate}
          </GuardedButton>
          <GuardedButton
            reason={saveReason}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            loading={save.isPending}
            onClick={saveAll}
          >
            {text.save}
          </GuardedButton>
          <GuardedButton
            reason={notLoaded ?? noDesigns}
            variant="default"
            leftSection={<IconFileImport size={18} aria-hidden />}
            onClick={() => setImportOpen(true)}
          >
            {text.importCsv}
          </GuardedButton>
          <GuardedButton
            reason={notLoaded ?? noDesigns}
            variant="default"
            leftSection={<IconFileExport size={18} aria-hidden />}
            loading={exportCsv.isPending}
            onClick={startExport}
          >
            {text.exportCsv}
          </GuardedButton>
        </Group>
        <Group gap="md">
          {unsaved ? (
            <Badge variant="dot" color="orange" size="lg" radius="sm" role="status">
              {text.unsaved(unsaved)}
            </Badge>
          ) : null}
          <StepButtons back="/reviewMockups" next="/createPrintifyListings" />
        </Group>
      </PageToolbar>

      {running && !summaryOpen ? (
        <AiRunBanner done={run.done} total={run.total} onView={() => setSummaryOpen(true)} />
      ) : null}

      {designs.isPending ? (
        <Stack gap="sm" aria-label={text.loading} role="status">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={150} radius="md" />
          ))}
        </Stack>
      ) : designs.isError && !designs.data ? (
        <LoadFailedAlert
          message={designsLoadErrorText(designs.error)}
          onRetry={() => void designs.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyPanel icon={<IconPhotoUp size={30} />} title={text.emptyTitle} description={text.emptyText}>
          <Button component={Link} to="/prepareDesigns" leftSection={<IconPhotoUp size={18} aria-hidden />}>
            {text.goToDesigns}
          </Button>
        </EmptyPanel>
      ) : (
        <MetadataTable
          designs={list}
          store={store}
          onPreview={setPreview}
          onThumbnailError={onThumbnailError}
        />
      )}

      <GenerateConfirmModal
        opened={confirmOpen}
        designs={list.length}
        starting={generate.isPending}
        error={generateError}
        onCancel={() => setConfirmOpen(false)}
        onProceed={startGenerate}
      />
      <TaskSummaryModal
        opened={summaryOpen}
        summary={summary.data}
        error={summary.error}
        onClose={closeSummary}
      />
      <ImportCsvModal
        opened={importOpen}
        workspaceId={workspaceId}
        unsavedDesigns={unsaved}
        onClose={() => setImportOpen(false)}
      />
      <LeaveConfirmModal
        opened={blocker.state === 'blocked'}
        unsaved={unsaved}
        saving={save.isPending}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
        // Once nothing is unsaved the guard lets the held navigation go on.
        onSaveAndLeave={saveAll}
      />
      <DesignPreviewModal design={preview} onClose={() => setPreview(null)} />
    </>
  );
}
