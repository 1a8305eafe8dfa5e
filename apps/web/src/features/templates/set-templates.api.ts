import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { moveInCache, refreshTemplates } from './templates-cache';

export interface TemplatesChanged {
  count: number;
  message: string;
}

/** POST /mockups_app/set_templates_for_workspace/: selects templates for the workspace (>>). */
export function setTemplatesForWorkspace(workspaceId: string, ids: string[]): Promise<TemplatesChanged> {
  return api.post<TemplatesChanged>('/mockups_app/set_templates_for_workspace/', {
    selectedTemplates: ids,
    workspace_id: workspaceId,
  });
}

/** >> as a mutation: the checked templates move at once, then both panels reload. */
export function useSetTemplates(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => setTemplatesForWorkspace(workspaceId, ids),
    onMutate: (ids) => moveInCache(queryClient, workspaceId, ids, 'select'),
    onSettled: () => refreshTemplates(queryClient, workspaceId),
  });
}
