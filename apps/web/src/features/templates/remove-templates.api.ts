import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { TemplatesChanged } from './set-templates.api';
import { moveInCache, refreshTemplates } from './templates-cache';

/** POST /mockups_app/remove_templates_from_workspace/: moves templates back to Remaining (<<). */
export function removeTemplatesFromWorkspace(workspaceId: string, ids: string[]): Promise<TemplatesChanged> {
  return api.post<TemplatesChanged>('/mockups_app/remove_templates_from_workspace/', {
    removeTemplates: ids,
    workspace_id: workspaceId,
  });
}

/** << as a mutation: the checked templates move at once, then both panels reload. */
export function useRemoveTemplates(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => removeTemplatesFromWorkspace(workspaceId, ids),
    onMutate: (ids) => moveInCache(queryClient, workspaceId, ids, 'remove'),
    onSettled: () => refreshTemplates(queryClient, workspaceId),
  });
}
