import { Anchor, Button, Group } from '@mantine/core';
import {
  IconChevronsLeft,
  IconChevronsRight,
  IconLayoutBoard,
  IconPhotoPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TemplateInfo } from '@podflow/contract/templates';
import { confirmDeleteSelected } from '../../ui/confirm-delete';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PageToolbar } from '../../ui/PageToolbar';
import { RequireWorkspace, type CurrentWorkspace } from '../../ui/RequireWorkspace';
import { StepButtons } from '../../ui/StepButtons';
import { toggled } from '../../ui/use-selection';
import { useThumbnailRefetch } from '../../ui/use-thumbnail-refetch';
import { WorkspaceBar } from '../../ui/WorkspaceBar';
import { ClassicUploadModal } from './ClassicUploadModal';
import { useDeleteTemplates } from './delete-templates.api';
import { useRemainingTemplates } from './get-remaining-templates.api';
import { useSelectedTemplates } from './get-selected-templates.api';
import { ImageModeUpload } from './ImageModeUpload';
import { panelActions } from './panel-moves';
import { useRemoveTemplates } from './remove-templates.api';
import { useSetTemplates } from './set-templates.api';
import { templateMessages as text } from './template-messages';
import { TemplatePanel } from './TemplatePanel';
import { TemplatePreviewModal } from './TemplatePreviewModal';
import { refreshTemplates } from './templates-cache';
import classes from './TemplatesScreen.module.css';

export type TemplatesMode = 'image' | 'classic';

const emptySet: ReadonlySet<string> = new Set();

/** Step 3 in either mode: the Remaining and Selected panels of the current workspace. */
export function TemplatesScreen({ mode }: { mode: TemplatesMode }) {
  return (
    <RequireWorkspace
      title={text.title}
      description={mode === 'image' ? text.introImage : text.introClassic}
      noWorkspaceText={text.noWorkspaceText}
    >
      {(workspace) => <WorkspaceTemplates key={workspace.workspaceId} mode={mode} {...workspace} />}
    </RequireWorkspace>
  );
}

interface WorkspaceTemplatesProps extends CurrentWorkspace {
  mode: TemplatesMode;
}

function WorkspaceTemplates({ mode, workspaceId, workspaceName }: WorkspaceTemplatesProps) {
  const queryClient = useQueryClient();
  const remaining = useRemainingTemplates(workspaceId);
  const selected = useSelectedTemplates(workspaceId);
  const setTemplates = useSetTemplates(workspaceId);
  const removeTemplates = useRemoveTemplates(workspaceId);
  const deleteTemplates = useDeleteTemplates(workspaceId);
  const [checkedRemaining, setCheckedRemaining] = useState<ReadonlySet<string>>(emptySet);
  const [checkedSelected, setCheckedSelected] = useState<ReadonlySet<string>>(emptySet);
  const [classicOpen, setClassicOpen] = useState(false);
  const [preview, setPreview] = useState<TemplateInfo | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const remainingList = remaining.data ?? [];
  const selectedList = selected.data ?? [];
  const actions = panelActions(remainingList, selectedList, checkedRemaining, checkedSelected);

  const refresh = useCallback(
    () => void refreshTemplates(queryClient, workspaceId),
    [queryClient, workspaceId],
  );

  const onThumbnailError = useThumbnailRefetch(refresh);

  const toggleRemaining = useCallback((id: string) => setCheckedRemaining((set) => toggled(set, id)), []);
  const toggleSelected = useCallback((id: string) => setCheckedSelected((set) => toggled(set, id)), []);

  const openUpload = () => {
    if (mode === 'image') fileInput.current?.click();
    else setClassicOpen(true);
  };

  // SPEC.md sections 4 and 5: each move acts on its panel's checked templates, and only with some.
  const moveRight = () => {
    const ids = actions.select.ids;
    if (ids.length === 0) return;
    setCheckedRemaining(emptySet);
    setTemplates.mutate(ids, {
      onSuccess: () => notifySuccess(text.moved(ids.length)),
      onError: (error) => notifyError(error.message || text.moveFailed),
    });
  };

  const moveLeft = () => {
    const ids = actions.remove.ids;
    if (ids.length === 0) return;
    setCheckedSelected(emptySet);
    removeTemplates.mutate(ids, {
      onSuccess: () => notifySuccess(text.movedBack(ids.length)),
      onError: (error) => notifyError(error.message || text.moveFailed),
    });
  };

  const confirmDelete = () => {
    const ids = actions.deleteOwn.ids;
    if (!actions.deleteOwn.enabled || ids.length === 0) return;
    confirmDeleteSelected({
      detail: text.deleteDetail(ids.length),
      onConfirm: () =>
        deleteTemplates.mutate(ids, {
          onSuccess: (reply) => {
            setCheckedRemaining(emptySet);
            setCheckedSelected(emptySet);
            notifySuccess(text.deleted(reply.count));
          },
          onError: (error) => notifyError(error.message || text.deleteFailed),
        }),
    });
  };

  const uploadButton = (
    <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={openUpload}>
      {text.upload}
    </Button>
  );
  const nothingAtAll =
    remaining.isSuccess && selected.isSuccess && remainingList.length + selectedList.length === 0;

  return (
    <>
      <PageHeader title={text.title} description={mode === 'image' ? text.introImage : text.introClassic} />

      <WorkspaceBar workspaceName={workspaceName}>
        <Anchor
          component={Link}
          to={mode === 'image' ? '/selectMockupTemplates' : '/SelectMockupImageModeTemplates'}
          fz="sm"
          style={{ flexShrink: 0 }}
        >
          {mode === 'image' ? text.classicModeLink : text.imageModeLink}
        </Anchor>
      </WorkspaceBar>

      <PageToolbar label="Template actions">
        <Group gap="sm">
          {uploadButton}
          <GuardedButton
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            reason={actions.deleteOwn.reason}
            loading={deleteTemplates.isPending}
            onClick={confirmDelete}
          >
            {text.delete}
          </GuardedButton>
        </Group>
        <StepButtons next="/generateMockups" />
      </PageToolbar>

      <div className={classes.panels}>
        <TemplatePanel
          title={text.remaining}
          templates={remaining.data}
          loading={remaining.isPending}
          error={remaining.isError}
          onRetry={() => void remaining.refetch()}
          checked={checkedRemaining}
          onToggle={toggleRemaining}
          onCheckAll={(ids) => setCheckedRemaining(new Set(ids))}
          onPreview={setPreview}
          onThumbnailError={onThumbnailError}
          empty={
            nothingAtAll
              ? {
                  icon: <IconPhotoPlus size={26} />,
                  title: text.noTemplatesEmpty,
                  text: text.noTemplatesEmptyHint,
                  action: uploadButton,
                }
              : {
                  icon: <IconPhotoPlus size={26} />,
                  title: text.remainingEmpty,
                  text: text.remainingEmptyHint,
                  action: uploadButton,
                }
          }
        />
        <div className={classes.moves}>
          <GuardedButton
            variant="filled"
            reason={actions.select.reason}
            onClick={moveRight}
            loading={setTemplates.isPending}
            aria-label={`${text.moveRight} ${text.moveRightLabel}`}
            px="sm"
          >
            <IconChevronsRight size={20} aria-hidden />
          </GuardedButton>
          <GuardedButton
            variant="filled"
            reason={actions.remove.reason}
            onClick={moveLeft}
            loading={removeTemplates.isPending}
            aria-label={`${text.moveLeft} ${text.moveLeftLabel}`}
            px="sm"
          >
            <IconChevronsLeft size={20} aria-hidden />
          </GuardedButton>
        </div>
        <TemplatePanel
          title={text.selected}
          templates={selected.data}
          loading={selected.isPending}
          error={selected.isError}
          onRetry={() => void selected.refetch()}
          checked={checkedSelected}
          onToggle={toggleSelected}
          onCheckAll={(ids) => setCheckedSelected(new Set(ids))}
          onPreview={setPreview}
          onThumbnailError={onThumbnailError}
          empty={{
            icon: <IconLayoutBoard size={26} />,
            title: text.selectedEmpty,
            text: text.selectedEmptyHint,
          }}
        />
      </div>

      {mode === 'image' ? (
        <ImageModeUpload workspaceId={workspaceId} inputRef={fileInput} onUploaded={refresh} />
      ) : (
        <ClassicUploadModal
          opened={classicOpen}
          workspaceId={workspaceId}
          onUploaded={refresh}
          onClose={() => setClassicOpen(false)}
        />
      )}
      <TemplatePreviewModal template={preview} onClose={() => setPreview(null)} />
    </>
  );
}
