import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertCircle,
  IconArrowRight,
  IconFolderQuestion,
  IconPhotoUp,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DesignLineItem } from '@podflow/contract/designs';
import { ApiError } from '../../api/client';
import { useWorkspaces } from '../../api/get-workspaces.api';
import { useCurrentWorkspaceId } from '../../api/session';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
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
  const workspaceId = useCurrentWorkspaceId();
  const workspaces = useWorkspaces();
  const workspace = workspaces.data?.find((item) => item.workspace_id === workspaceId);
  const missing = workspaceId !== null && workspaces.isSuccess && !workspace;

  if (workspaceId === null || missing) {
    return (
      <>
        <PageHeader title={text.title} description={text.intro} />
        <Paper withBorder radius="md" py={64} px="xl">
          <EmptyState icon={<IconFolderQuestion size={30} />} variant="light" size="md" maw={520} mx="auto">
            <EmptyState.Title order={2}>{text.noWorkspaceTitle}</EmptyState.Title>
            <EmptyState.Description>
              {missing ? text.missingWorkspaceText : text.noWorkspaceText}
            </EmptyState.Description>
            <EmptyState.Actions>
              <Button component={Link} to="/welcome">
                {text.goToWorkspaces}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      </>
    );
  }

  return (
    <WorkspaceDesigns
      key={workspaceId}
      workspaceId={workspaceId}
      workspaceName={workspace?.workspace_name ?? null}
    />
  );
}

interface WorkspaceDesignsProps {
  workspaceId: string;
  /** Null while the workspace list loads. */
  workspaceName: string | null;
}

function WorkspaceDesigns({ workspaceId, workspaceName }: WorkspaceDesignsProps) {
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

      <Paper withBorder radius="md" px="lg" py="sm" mb="xs">
        <Group justify="space-between" gap="md">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {text.workspaceLabel}
            </Text>
            {workspaceName === null ? (
              <Skeleton h={18} w={160} />
            ) : (
              <Text fz="sm" fw={600} truncate="end" title={workspaceName} data-testid="workspace-name">
                {workspaceName}
              </Text>
            )}
            <Anchor component={Link} to="/welcome" fz="sm" style={{ flexShrink: 0 }}>
              {text.changeWorkspace}
            </Anchor>
          </Group>
        </Group>
      </Paper>

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
        <SimpleGrid cols={5} spacing="md" aria-label="Loading designs">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} h={260} radius="md" />
          ))}
        </SimpleGrid>
      ) : designs.isError && !designs.data ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm" fw={500}>
              {designsLoadErrorText(designs.error)}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void designs.refetch()}>
              {text.retry}
            </Button>
          </Stack>
        </Alert>
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
        <SimpleGrid
          cols={5}
          spacing="md"
          verticalSpacing="md"
          component="ul"
          aria-label="Designs"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.map((design) => (
            <li key={design.lineitem_id} style={{ minWidth: 0 }}>
              <DesignCard
                design={design}
                selected={picked.has(design.lineitem_id)}
                onToggle={toggle}
                onPreview={setPreview}
                onThumbnailError={onThumbnailError}
              />
            </li>
          ))}
        </SimpleGrid>
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
