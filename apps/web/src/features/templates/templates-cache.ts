import type { QueryClient } from '@tanstack/react-query';
import type { TemplateInfo } from '@podflow/contract/templates';
import { moveTemplates } from './panel-moves';
import { remainingTemplatesQuery } from './get-remaining-templates.api';
import { selectedTemplatesQuery } from './get-selected-templates.api';

/** Refetches both panels of a workspace. */
export function refreshTemplates(queryClient: QueryClient, workspaceId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['templates', workspaceId] });
}

/**
 * Moves templates between the cached panels at once (the call confirms it or the refetch that
 * follows puts them back), so >> and << feel instant.
 */
export async function moveInCache(
  queryClient: QueryClient,
  workspaceId: string,
  ids: readonly string[],
  direction: 'select' | 'remove',
): Promise<void> {
  const remainingKey = remainingTemplatesQuery(workspaceId).queryKey;
  const selectedKey = selectedTemplatesQuery(workspaceId).queryKey;
  await queryClient.cancelQueries({ queryKey: ['templates', workspaceId] });
  const remaining = queryClient.getQueryData<TemplateInfo[]>(remainingKey) ?? [];
  const selected = queryClient.getQueryData<TemplateInfo[]>(selectedKey) ?? [];
  if (direction === 'select') {
    const moved = moveTemplates(remaining, selected, ids);
    queryClient.setQueryData(remainingKey, moved.from);
    queryClient.setQueryData(selectedKey, moved.to);
  } else {
    const moved = moveTemplates(selected, remaining, ids);
    queryClient.setQueryData(selectedKey, moved.from);
    queryClient.setQueryData(remainingKey, moved.to);
  }
}
