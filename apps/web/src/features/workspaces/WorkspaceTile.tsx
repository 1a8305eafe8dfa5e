import { ActionIcon, Badge, Group, Skeleton, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconFolder, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Workspace, WorkspaceSummary } from '@podflow/contract/workspaces';
import { lastActivityText, workspaceContentsText } from './workspace-contents';
import { workspaceMessages as text } from './workspace-messages';
import classes from './WorkspaceTile.module.css';

/** One design thumbnail of a tile's strip: a skeleton until it loads, hidden if it cannot. */
function StripThumb({ url, fileName }: { url: string; fileName: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (state === 'failed') return null;
  return (
    <span className={classes.thumb}>
      {state === 'loading' ? <Skeleton className={classes.thumbSkeleton} radius="sm" /> : null}
      <img
        src={url}
        alt={fileName}
        loading="lazy"
        decoding="async"
        data-loaded={state === 'loaded' || undefined}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </span>
  );
}

interface WorkspaceTileProps {
  workspace: WorkspaceSummary;
  current: boolean;
  onOpen: (workspace: Workspace) => void;
  onDelete: (workspace: Workspace) => void;
}

/** One workspace: opening it is the tile itself; the delete icon sits in its corner. */
export function WorkspaceTile({ workspace, current, onOpen, onDelete }: WorkspaceTileProps) {
  const name = workspace.workspace_name;
  return (
    <div className={classes.tile} data-current={current || undefined}>
      <UnstyledButton
        className={classes.open}
        onClick={() => onOpen(workspace)}
        title={name}
        aria-label={`Open workspace ${name}`}
        aria-current={current ? 'true' : undefined}
      >
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant={current ? 'filled' : 'light'} aria-hidden>
            <IconFolder size={22} />
          </ThemeIcon>
          {current ? (
            <Badge variant="light" size="sm" radius="sm">
              {text.current}
            </Badge>
          ) : null}
        </Group>
        <Text fw={600} fz="md" lh={1.35} lineClamp={2} className={classes.name}>
          {name}
        </Text>
        {workspace.thumbnails.length > 0 ? (
          <span className={classes.strip}>
            {workspace.thumbnails.map((thumb) => (
              <StripThumb key={thumb.url} url={thumb.url} fileName={thumb.file_name} />
            ))}
          </span>
        ) : null}
        <span className={classes.facts}>
          <Text component="span" fz="sm" c="gray.7" data-testid="workspace-contents">
            {workspaceContentsText(workspace.progress)}
          </Text>
          <Text component="span" fz="xs" c="dimmed">
            {lastActivityText(workspace.last_activity_at)}
          </Text>
        </span>
      </UnstyledButton>
      <Tooltip label="Delete workspace" openDelay={300}>
        <ActionIcon
          className={classes.delete}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Delete workspace ${name}`}
          onClick={(event) => {
            event.stopPropagation();
            onDelete(workspace);
          }}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}

interface NewWorkspaceTileProps {
  onClick: () => void;
}

/** The 'New Workspace' tile, always first. */
export function NewWorkspaceTile({ onClick }: NewWorkspaceTileProps) {
  return (
    <UnstyledButton className={classes.newTile} onClick={onClick}>
      <ThemeIcon size={40} radius="xl" variant="filled" aria-hidden>
        <IconPlus size={22} />
      </ThemeIcon>
      <Text fw={600} c="inherit">
        {text.newWorkspace}
      </Text>
    </UnstyledButton>
  );
}
