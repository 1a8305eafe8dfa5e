import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconPhotoOff, IconTrash, IconWand } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MockupAdjustment, MockupGridRow, MockupImage } from '@podflow/contract/mockups';
import { failureText } from '../../api/failure-text';
import { confirmDeleteSelected } from '../../ui/confirm-delete';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { GuardedButton } from '../../ui/GuardedButton';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PageToolbar } from '../../ui/PageToolbar';
import { RequireWorkspace, type CurrentWorkspace } from '../../ui/RequireWorkspace';
import { StepButtons } from '../../ui/StepButtons';
import { ThumbGridSkeleton } from '../../ui/ThumbGridSkeleton';
import { useSelection } from '../../ui/use-selection';
import { useThumbnailRefetch } from '../../ui/use-thumbnail-refetch';
import { WorkspaceBar } from '../../ui/WorkspaceBar';
import { useAdjustMockup } from './adjust-mockup.api';
import { useDeleteMockups } from './delete-mockups.api';
import { DesignMockupsRow } from './DesignMockupsRow';
import { useDownloadMockups, type DownloadProgress } from './download-mockups.api';
import { mockupGridQuery, useMockupGrid } from './get-mockup-images-grid.api';
import { mockupMessages as text, mockupsZipFileName } from './mockup-messages';
import { type AdjustTarget, MockupAdjustModal } from './MockupAdjustModal';
import { MockupPreviewModal, type MockupPreview } from './MockupPreviewModal';
import classes from './MockupCard.module.css';

/** /reviewMockups: step 5, Review Mockups. */
export function ReviewMockupsPage() {
  return (
    <RequireWorkspace
      title={text.reviewTitle}
      description={text.reviewIntro}
      noWorkspaceText={text.reviewNoWorkspaceText}
    >
      {(workspace) => <WorkspaceReview key={workspace.workspaceId} {...workspace} />}
    </RequireWorkspace>
  );
}

/** "Fit inside": the whole design inside the print area, as large as fits, centred. */
const fitInside: MockupAdjustment = { fit: 'contain', scale: 1, offset_x: 0, offset_y: 0 };

/** A byte count for people: 950 KB, 12.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function WorkspaceReview({ workspaceId, workspaceName }: CurrentWorkspace) {
  const queryClient = useQueryClient();
  const grid = useMockupGrid(workspaceId);
  const deleteMockups = useDeleteMockups(workspaceId);
  const download = useDownloadMockups(workspaceId);
  const [preview, setPreview] = useState<MockupPreview | null>(null);
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const adjustMockup = useAdjustMockup(workspaceId);
  // Mockups being rendered again: their Fit inside and Adjust wait (one request per mockup at a time).
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const rendering = useRef(new Set<string>());
  const markBusy = useCallback((id: string, on: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const rows = useMemo(() => grid.data ?? [], [grid.data]);
  const mockupIds = useMemo(
    () => rows.flatMap((row) => row.mockup_images.map((mockup) => mockup.mockup_id)),
    [rows],
  );
  const { selected, selectedSet, allSelected, toggle, setSome, toggleAll, clear } = useSelection(mockupIds);
  const total = mockupIds.length;

  const refetchGrid = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: mockupGridQuery(workspaceId).queryKey }),
    [queryClient, workspaceId],
  );
  const onThumbnailError = useThumbnailRefetch(refetchGrid);

  const toggleRow = useCallback(
    (row: MockupGridRow, select: boolean) => {
      const rowIds = row.mockup_images.map((mockup) => mockup.mockup_id);
      setSome(rowIds, select);
    },
    [setSome],
  );

  const openPreview = useCallback(
    (mockup: MockupImage, designName: string) => setPreview({ mockup, designName }),
    [],
  );

  const rerender = useCallback(
    (mockup: MockupImage, adjustment: MockupAdjustment, done?: () => void) => {
      // Checked and set at once: a double click lands before the disabled button is drawn.
      if (rendering.current.has(mockup.mockup_id)) return;
      rendering.current.add(mockup.mockup_id);
      markBusy(mockup.mockup_id, true);
      adjustMockup.mutate(
        { mockupId: mockup.mockup_id, adjustment },
        {
          onSuccess: (reply) => {
            notifySuccess(reply.message);
            done?.();
          },
          onError: (error) => notifyError(failureText(error, text.fitInsideFailed)),
          onSettled: () => {
            rendering.current.delete(mockup.mockup_id);
            markBusy(mockup.mockup_id, false);
          },
        },
      );
    },
    // `mutate` is stable; the mutation object is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [adjustMockup.mutate, markBusy],
  );
  const onFitInside = useCallback(
    (mockup: MockupImage) => {
      if (!busy.has(mockup.mockup_id)) rerender(mockup, fitInside);
    },
    [busy, rerender],
  );
  const onAdjust = useCallback(
    (mockup: MockupImage, designName: string) => setAdjusting({ mockup, designName }),
    [],
  );

  const confirmDelete = () => {
    const ids = selected;
    if (ids.length === 0 || deleteMockups.isPending) return;
    confirmDeleteSelected({
      detail: text.deleteDetail(ids.length),
      onConfirm: () =>
        deleteMockups.mutate(ids, {
          onSuccess: (reply) => {
            clear();
            notifySuccess(reply.message || text.deleted(reply.deleted));
          },
          onError: (error) => notifyError(failureText(error, text.deleteFailed)),
        }),
    });
  };

  const startDownload = () =>
    void download.start({
      onSaved: () => notifySuccess(text.downloaded(mockupsZipFileName)),
      onError: (error) => notifyError(failureText(error, text.downloadFailed)),
      onCancelled: () => notifySuccess(text.downloadCancelled),
    });

  const loaded = grid.isSuccess || grid.data !== undefined;
  const deleteReason = deleteMockups.isPending
    ? text.deleting
    : selected.length === 0
      ? text.deleteNoneSelected
      : null;
  const downloadReason = loaded && total === 0 ? text.downloadNothing : null;

  return (
    <>
      <PageHeader title={text.reviewTitle} description={text.reviewIntro} />
      <WorkspaceBar workspaceName={workspaceName} />

      <PageToolbar label="Mockup actions">
        <Group gap="sm">
          <Button variant="default" onClick={toggleAll} disabled={total === 0}>
            {allSelected ? text.deselectAll : text.selectAll}
          </Button>
          <GuardedButton
            reason={deleteReason}
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            loading={deleteMockups.isPending}
            onClick={confirmDelete}
          >
            {text.deleteSelected}
          </GuardedButton>
          <GuardedButton
            reason={downloadReason}
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={download.running}
            disabled={!loaded}
            onClick={startDownload}
          >
            {text.download}
          </GuardedButton>
        </Group>
        <Group gap="md">
          <Text fz="sm" c="dimmed" aria-live="polite" style={{ flexShrink: 0 }}>
            {loaded && total ? text.countSummary(total, rows.length, selected.length) : null}
          </Text>
          <StepButtons back="/generateMockups" next="/updateMetadata" />
        </Group>
      </PageToolbar>

      {download.progress ? <DownloadBar progress={download.progress} onCancel={download.cancel} /> : null}

      {grid.isPending ? (
        <ThumbGridSkeleton cols={4} spacing="sm" height={240} label="Loading mockups" />
      ) : grid.isError && !grid.data ? (
        <LoadFailedAlert
          message={failureText(grid.error, text.gridLoadFailed)}
          onRetry={() => void grid.refetch()}
        />
      ) : total === 0 ? (
        <EmptyPanel
          icon={<IconPhotoOff size={30} />}
          title={text.emptyTitle}
          description={rows.length ? text.emptyText : text.emptyNoDesignsText}
        >
          <Button component={Link} to="/generateMockups" leftSection={<IconWand size={18} aria-hidden />}>
            {text.goToGenerate}
          </Button>
        </EmptyPanel>
      ) : (
        <ul className={classes.rows} aria-label={text.designsList}>
          {rows.map((row) => (
            <DesignMockupsRow
              key={row.design_id}
              row={row}
              selected={selectedSet}
              busy={busy}
              onToggle={toggle}
              onToggleRow={toggleRow}
              onPreview={openPreview}
              onFitInside={onFitInside}
              onAdjust={onAdjust}
              onThumbnailError={onThumbnailError}
            />
          ))}
        </ul>
      )}

      <MockupPreviewModal preview={preview} onClose={() => setPreview(null)} />
      <MockupAdjustModal
        target={adjusting}
        saving={adjusting !== null && busy.has(adjusting.mockup.mockup_id)}
        onSave={(mockup, adjustment) => {
          if (!busy.has(mockup.mockup_id)) rerender(mockup, adjustment, () => setAdjusting(null));
        }}
        onClose={() => setAdjusting(null)}
      />
    </>
  );
}

/** The zip on its way: bytes received of its size, and a way to stop it. */
function DownloadBar({ progress, onCancel }: { progress: DownloadProgress; onCancel: () => void }) {
  const known = progress.total > 0;
  const percent = known ? Math.min(100, (progress.loaded / progress.total) * 100) : 100;
  return (
    <Paper withBorder radius="md" px="lg" py="sm" mb="md" data-testid="download-progress">
      <Stack gap={6} role="status" aria-live="polite">
        <Group justify="space-between" gap="sm">
          <Text fz="sm" fw={500}>
            {text.downloading}
          </Text>
          <Group gap="sm">
            <Text fz="sm" c="dimmed">
              {known
                ? `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`
                : formatBytes(progress.loaded)}
            </Text>
            <Button size="compact-sm" variant="subtle" color="gray" onClick={onCancel}>
              {text.cancelDownload}
            </Button>
          </Group>
        </Group>
        <Progress
          value={percent}
          size="lg"
          radius="xl"
          striped
          animated={!known || percent < 100}
          aria-label={text.downloadProgressLabel}
        />
      </Stack>
    </Paper>
  );
}
