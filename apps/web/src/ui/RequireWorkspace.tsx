import { Button, EmptyState, Paper } from '@mantine/core';
import { IconFolderQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useWorkspaces } from '../api/get-workspaces.api';
import { PageHeader } from './PageHeader';
import { useTabWorkspaceId } from './tab-workspace';
import { workspaceMessages as text } from './workspace-messages';

/** The current workspace a step works in. */
export interface CurrentWorkspace {
  workspaceId: string;
  /** Null while the workspace list loads. */
  workspaceName: string | null;
}

interface RequireWorkspaceProps {
  /** The step's page title and intro, shown above the empty state too. */
  title: string;
  description?: ReactNode;
  /** Why this step needs a workspace, shown when none is chosen. */
  noWorkspaceText: string;
  /** The step itself, keyed by the workspace so switching workspaces starts it afresh. */
  children: (workspace: CurrentWorkspace) => ReactNode;
}

/**
 * A workspace-scoped step: without a current workspace (or when it no longer exists) an empty
 * state sends the user to /welcome; otherwise the step renders for the tab's workspace (the one
 * its URL names, see tab-workspace.ts).
 */
export function RequireWorkspace({ title, description, noWorkspaceText, children }: RequireWorkspaceProps) {
  const workspaceId = useTabWorkspaceId();
  const workspaces = useWorkspaces();
  const workspace = workspaces.data?.find((item) => item.workspace_id === workspaceId);
  const missing = workspaceId !== null && workspaces.isSuccess && !workspace;

  if (workspaceId === null || missing) {
    return (
      <>
        <PageHeader title={title} description={description} />
        <Paper withBorder radius="md" py={64} px="xl">
          <EmptyState icon={<IconFolderQuestion size={30} />} variant="light" size="md" maw={520} mx="auto">
            <EmptyState.Title order={2}>{text.noWorkspaceTitle}</EmptyState.Title>
            <EmptyState.Description>
              {missing ? text.missingWorkspaceText : noWorkspaceText}
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

  return children({ workspaceId, workspaceName: workspace?.workspace_name ?? null });
}
