import { Button, Group, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { DesignLineItem } from '@podflow/contract/designs';
import { designsLoadErrorText, designsQuery, useDesigns } from '../../api/get-designs.api';
import { confirmDeleteSelected } from '../../ui/confirm-delete';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { GuardedButton } from '../../ui/GuardedButton';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PageToolbar } from '../../ui/PageToolbar';
import { RequireWorkspace, type CurrentWorkspace } from '../../ui/RequireWorkspace';
import { StepButtons } from '../../ui/StepButtons';
import { ThumbGrid } from '../../ui/ThumbGrid';
import { ThumbGridSkeleton } from '../../ui/ThumbGridSkeleton';
import { useSelection } from '../../ui/use-selection';
import { useThumbnailRefetch } from '../../ui/use-thumbnail-refetch';
import { WorkspaceBar } from '../../ui/WorkspaceBar';
import { DesignCard } from './DesignCard';
import { DesignPreviewModal } from './DesignPreviewModal';
import { useDeleteDesigns } from './delete-designs.api';
import { designMessages as text } from './design-messages';
import classes from './PrepareDesignsPage.module.css';
import { UploadDesignsModal } from './UploadDesignsModal';

/** /prepareDesigns: step 2, Prepare Designs. */
export function PrepareDesignsPage() {
  return (
    <RequireWorkspace title={text.title} description={text.intro} noWorkspaceText={text.noWorkspaceText}>
      {(workspace) => <WorkspaceDesigns key={workspace.workspaceId} {...workspace} />}
    </RequireWorkspace>
  );
}

function WorkspaceDesigns({ workspaceId, workspaceName }: CurrentWorkspace) {
  const queryClient = useQueryClient();
  const designs = useDesigns(workspaceId);
  const deleteDesigns = useDeleteDesigns(workspaceId);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [preview, setPreview] = useState<DesignLineItem | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);

  const list = useMemo(() => designs.data ?? [], [designs.data]);
  const designIds = useMemo(() => list.map((design) => design.lineitem_id), [list]);
  const { selected, selectedSet, allSelected, toggle, toggleAll, clear } = useSelection(designIds);

  const refreshList = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: designsQuery(workspaceId).queryKey }),
    [queryClient, workspaceId],
  );

  // SPEC.md section 2: a thumbnail that fails to load (its signed link expired) refreshes the list.
  const onThumbnailError = useThumbnailRefetch(refreshList);

  const confirmDelete = () => {
    if (selected.length === 0) return;
    const ids = selected;
    confirmDeleteSelected({
      onConfirm: () => {
        setDeleteFailed(false);
        deleteDesigns.mutate(ids, {
          onSuccess: (reply) => {
            clear();
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

  return (
    <>
      <PageHeader title={text.title} description={text.intro} />

      <WorkspaceBar workspaceName={workspaceName} />

      <PageToolbar label="Design actions" className={classes.toolbar}>
        <Group gap="sm">
          <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={() => setUploadOpen(true)}>
            {text.upload}
          </Button>
          <Button variant="default" onClick={toggleAll} disabled={list.length === 0}>
            {allSelected ? text.deselectAll : text.selectAll}
          </Button>
          <GuardedButton
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            reason={selected.length === 0 ? text.deleteSelectedHint : null}
            reasonWidth={false}
            loading={deleteDesigns.isPending}
            onClick={confirmDelete}
          >
            {text.deleteSelected}
          </GuardedButton>
        </Group>
        <Group gap="md">
          <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }} aria-live="polite">
            {designs.isSuccess
              ? `${list.length} ${list.length === 1 ? 'design' : 'designs'}${selected.length ? ` · ${selected.length} selected` : ''}`
              : null}
          </Text>
          <StepButtons next="/SelectMockupImageModeTemplates" />
        </Group>
      </PageToolbar>

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
        <EmptyPanel icon={<IconPhotoUp size={30} />} title={text.empty} description={text.emptyHint}>
          <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={() => setUploadOpen(true)}>
            {text.uploadTitle}
          </Button>
        </EmptyPanel>
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
              selected={selectedSet.has(design.lineitem_id)}
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
