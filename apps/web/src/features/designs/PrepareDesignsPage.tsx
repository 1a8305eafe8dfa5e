import { Button, EmptyState, Group, Paper, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowRight, IconPhotoUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DesignLineItem } from '@podflow/contract/designs';
import { ApiError } from '../../api/client';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { RequireWorkspace, type CurrentWorkspace } from '../../ui/RequireWorkspace';
import { ThumbGrid } from '../../ui/ThumbGrid';
import { ThumbGridSkeleton } from '../../ui/ThumbGridSkeleton';
import { WorkspaceBar } from '../../ui/WorkspaceBar';
import { DesignCard } from './DesignCard';
import { DesignPreviewModal } from './DesignPreviewModal';
import { useDeleteDesigns } from './delete-designs.api';
import { designMessages as text } from './design-messages';
import { designsQuery, useDesigns } from './get-designs.api';
import classes from './PrepareDesignsPage.module.css';
import { UploadDesignsModal } from './UploadDesignsModal';

/** A broken thumbnail refetches the list (its links expire), at most this often. */
const thumbnailRefetchGapMs = 10_000;

/** SPEC.md section 8: what a failed design load says. */
export function designsLoadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return text.noResponse;
    return text.loadFailedStatus(error.status, error.errorBody?.detail);
  }
  return text.loadFailedDefault;
}

/** /prepareDesigns: step 2, Prepare Designs. */
export function PrepareDesignsPage() {
  return (
    <RequireWorkspace title={text.title} description={text.intro} noWorkspaceText={text.noWorkspaceText}>
      {(workspace) => <WorkspaceDesigns key={workspace.workspaceId} {...workspace} />}
    </RequireWorkspace>
  );
}

function WorkspaceDesigns({ workspaceId, workspaceName }: CurrentWorkspace) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const designs = useDesigns(workspaceId);
  const deleteDesigns = useDeleteDesigns(workspaceId);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [uploadOpen, setUploadOpen] = useState(false);
  const [preview, setPreview] = useState<DesignLineItem | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const lastThumbnailRefetch = useRef(0);

  const list = useMemo(() => designs.data ?? [], [designs.data]);
  // Only designs still in the list count as selected.
  const selected = useMemo(
    () => list.filter((design) => picked.has(design.lineitem_id)).map((design) => design.lineitem_id),
    [list, picked],
  );
  const allSelected = list.length > 0 && selected.length === list.length;

  const refreshList = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: designsQuery(workspaceId).queryKey }),
    [queryClient, workspaceId],
  );

  // SPEC.md section 2: a thumbnail that fails to load (its signed link expired) refreshes the list.
  const onThumbnailError = useCallback(() => {
    const now = Date.now();
    if (now - lastThumbnailRefetch.current < thumbnailRefetchGapMs) return;
    lastThumbnailRefetch.current = now;
    refreshList();
  }, [refreshList]);

  const toggle = useCallback((lineitemId: string) => {
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(lineitemId)) next.delete(lineitemId);
      else next.add(lineitemId);
      return next;
    });
  }, []);

  const toggleAll = () =>
    setPicked(allSelected ? new Set() : new Set(list.map((design) => design.lineitem_id)));

  const confirmDelete = () => {
    if (selected.length === 0) return;
    const ids = selected;
    modals.openConfirmModal({
      title: text.deleteTitle,
      centered: true,
      children: <Text fz="sm">{text.deleteText}</Text>,
      labels: { confirm: text.deleteProceed, cancel: text.deleteCancel },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setDeleteFailed(false);
        deleteDesigns.mutate(ids, {
          onSuccess: (reply) => {
            setPicked(new Set());
            notifySuccess(text.deleted(reply.deleted));
          },
          onError: (error) => {
            console.error('Deleting designs failed', error);
            setDeleteFailed(true);
          },
        });
      },
    });
  };

  const nothingSelected = selected.length === 0;

  return (
    <>
      <PageHeader title={text.title} description={text.intro} />

      <WorkspaceBar workspaceName={workspaceName} />

      <Group
        justify="space-between"
        gap="sm"
        className={classes.toolbar}
        role="toolbar"
        aria-label="Design actions"
      >
        <Group gap="sm">
          <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={() => setUploadOpen(true)}>
            {text.upload}
          </Button>
          <Button variant="default" onClick={toggleAll} disabled={list.length === 0}>
            {allSelected ? text.deselectAll : text.selectAll}
          </Button>
          <Tooltip label={text.deleteSelectedHint} disabled={!nothingSelected} withArrow>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              data-disabled={nothingSelected || undefined}
              aria-disabled={nothingSelected}
              loading={deleteDesigns.isPending}
              onClick={(event) => {
                if (nothingSelected) {
                  event.preventDefault();
                  return;
                }
                confirmDelete();
              }}
            >
              {text.deleteSelected}
            </Button>
          </Tooltip>
        </Group>
        <Group gap="md">
          <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }} aria-live="polite">
            {designs.isSuccess
              ? `${list.length} ${list.length === 1 ? 'design' : 'designs'}${selected.length ? ` · ${selected.length} selected` : ''}`
              : null}
          </Text>
          <Button
            rightSection={<IconArrowRight size={18} aria-hidden />}
            onClick={() => void navigate('/SelectMockupImageModeTemplates')}
          >
            {text.next}
          </Button>
        </Group>
      </Group>

      {deleteFailed ? (
        <Text c="red.8" fw={500} fz="sm" mb="md" role="alert">
          {text.deleteFailed}
        </Text>
      ) : null}

      {designs.isPending ? (
        <ThumbGridSkeleton cols={5} spacing="md" height={260} label="Loading designs" />
      ) : designs.isError && !designs.data ? (
        <LoadFailedAlert
          message={designsLoadErrorText(designs.error)}
          onRetry={() => void designs.refetch()}
        />
      ) : list.length === 0 ? (
        <Paper withBorder radius="md" py={56} px="xl">
          <EmptyState icon={<IconPhotoUp size={30} />} variant="light" size="md" maw={520} mx="auto">
            <EmptyState.Title order={2}>{text.empty}</EmptyState.Title>
            <EmptyState.Description>{text.emptyHint}</EmptyState.Description>
            <EmptyState.Actions>
              <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={() => setUploadOpen(true)}>
                {text.uploadTitle}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <ThumbGrid
          items={list}
          itemKey={(design) => design.lineitem_id}
          cols={5}
          spacing="md"
          label="Designs"
        >
          {(design) => (
            <DesignCard
              design={design}
              selected={picked.has(design.lineitem_id)}
              onToggle={toggle}
              onPreview={setPreview}
              onThumbnailError={onThumbnailError}
            />
          )}
        </ThumbGrid>
      )}

      <UploadDesignsModal
        opened={uploadOpen}
        workspaceId={workspaceId}
        onUploaded={refreshList}
        onClose={() => setUploadOpen(false)}
      />
      <DesignPreviewModal design={preview} onClose={() => setPreview(null)} />
    </>
  );
}
