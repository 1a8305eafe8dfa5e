import { Anchor, Group, Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useStepLink } from './tab-workspace';
import { workspaceMessages as text } from './workspace-messages';

interface WorkspaceBarProps {
  /** Null while the workspace list loads. */
  workspaceName: string | null;
  /** Links of the step itself, at the bar's right end. */
  children?: ReactNode;
}

/** The bar above a workspace-scoped step: which workspace it works in and a link to change it. */
export function WorkspaceBar({ workspaceName, children }: WorkspaceBarProps) {
  const stepLink = useStepLink();
  return (
    <Paper withBorder radius="md" px="lg" py="sm" mb="xs">
      <Group justify="space-between" gap="md" wrap="nowrap">
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
          <Anchor component={Link} to={stepLink('/welcome')} fz="sm" style={{ flexShrink: 0 }}>
            {text.changeWorkspace}
          </Anchor>
        </Group>
        {children}
      </Group>
    </Paper>
  );
}
