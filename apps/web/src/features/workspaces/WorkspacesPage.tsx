import { Alert, Button, LoadingOverlay, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconFolders } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Workspace } from '@podflow/contract/workspaces';
import { useWorkspaces } from '../../api/get-workspaces.api';
import {
  clearCurrentWorkspaceId,
  getCurrentWorkspaceId,
  getTabWorkspaceId,
  setCurrentWorkspaceId,
  setTabWorkspaceId,
} from '../../api/session';
import { once } from '../../ui/confirm-delete';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { useTabWorkspaceId, withWorkspace } from '../../ui/tab-workspace';
import { CreateWorkspaceModal } from './CreateWorkspaceModal';
import { useDeleteWorkspace } from './delete-workspace.api';
import { workspaceMessages as text } from './workspace-messages';
import { NewWorkspaceTile, WorkspaceTile } from './WorkspaceTile';

const columns = 4;

/** /welcome: step 1, Select Workspace. */
export function WorkspacesPage() {
  const navigate = useNavigate();
  const workspaces = useWorkspaces();
  const deleteWorkspace = useDeleteWorkspace();
  const currentId = useTabWorkspaceId();
  const [creating, setCreating] = useState(false);

  // SPEC.md section 8: a failed list load is a browser alert with the error message.
  const loadError = workspaces.error;
  useEffect(() => {
    if (loadError) window.alert(loadError.message);
  }, [loadError]);

  // Picking a workspace opens it in this tab (its URL names it) and makes it the one a tab opened
  // without a workspace in its URL starts with; other open tabs keep theirs.
  // The tab's workspace was deleted (in another tab): forget it here, so step links stop naming it.
  const listed = workspaces.data;
  useEffect(() => {
    if (!listed || currentId === null || listed.some((item) => item.workspace_id === currentId)) return;
    if (getTabWorkspaceId() === currentId) setTabWorkspaceId(null);
    if (getCurrentWorkspaceId() === currentId) clearCurrentWorkspaceId();
    void navigate('/welcome', { replace: true });
  }, [listed, currentId, navigate]);

  const open = (workspace: Workspace) => {
    setCurrentWorkspaceId(workspace.workspace_id);
    setTabWorkspaceId(workspace.workspace_id);
    void navigate(withWorkspace('/prepareDesigns', workspace.workspace_id));
  };

  const confirmDelete = (workspace: Workspace) => {
    modals.openConfirmModal({
      title: text.deleteTitle,
      centered: true,
      children: <Text fz="sm">{text.deleteText}</Text>,
      labels: { confirm: text.deleteYes, cancel: text.deleteNo },
      confirmProps: { color: 'red' },
      onConfirm: once(() =>
        deleteWorkspace.mutate(workspace.workspace_id, {
          onSuccess: () => {
            if (getCurrentWorkspaceId() === workspace.workspace_id) clearCurrentWorkspaceId();
            if (getTabWorkspaceId() === workspace.workspace_id) setTabWorkspaceId(null);
            if (currentId === workspace.workspace_id) void navigate('/welcome', { replace: true });
            notifySuccess(workspace.workspace_name, text.deleted);
          },
          onError: (error) => {
            // SPEC.md section 8: delete failures are logged; the toast says it did not happen.
            console.error('Deleting the workspace failed', error);
            notifyError(error.message, text.deleteFailed);
          },
        }),
      ),
    });
  };

  const list = workspaces.data ?? [];

  return (
    <>
      <PageHeader title={text.title} description={text.explanation} />
      <LoadingOverlay
        visible={deleteWorkspace.isPending}
        pos="fixed"
        zIndex={1000}
        overlayProps={{ blur: 1 }}
        loaderProps={{ 'aria-label': text.deleting, role: 'status' }}
      />

      {workspaces.isError && !workspaces.data ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={text.loadFailed}
          mb="lg"
        >
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{workspaces.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void workspaces.refetch()}>
              {text.retry}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <SimpleGrid cols={columns} spacing="lg" verticalSpacing="lg">
        <NewWorkspaceTile onClick={() => setCreating(true)} />
        {workspaces.isPending
          ? Array.from({ length: 3 }, (_, index) => <Skeleton key={index} h={128} radius="md" />)
          : null}
        {workspaces.isSuccess && list.length === 0 ? (
          <Paper
            withBorder
            radius="md"
            p="lg"
            style={{ gridColumn: `span ${columns - 1}`, display: 'flex', alignItems: 'center' }}
          >
            <Stack gap={6}>
              <Text fw={600} fz="md" c="gray.8">
                <IconFolders
                  size={20}
                  aria-hidden
                  style={{
                    verticalAlign: 'text-bottom',
                    marginRight: 8,
                    color: 'var(--mantine-color-gray-6)',
                  }}
                />
                {text.empty}
              </Text>
              <Text c="dimmed" fz="sm">
                {text.emptyHint}
              </Text>
            </Stack>
          </Paper>
        ) : null}
        {list.map((workspace) => (
          <WorkspaceTile
            key={workspace.workspace_id}
            workspace={workspace}
            current={workspace.workspace_id === currentId}
            onOpen={open}
            onDelete={confirmDelete}
          />
        ))}
      </SimpleGrid>

      <CreateWorkspaceModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
