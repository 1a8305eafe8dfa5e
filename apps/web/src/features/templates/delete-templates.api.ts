import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { TemplatesChanged } from './set-templates.api';
import { refreshTemplates } from './templates-cache';

/** POST /mockups_app/delete_user_templates/: deletes own templates (from every workspace too). */
export function deleteUserTemplates(workspaceId: string, ids: string[]): Promise<TemplatesChanged> {
  return api.post<TemplatesChanged>('/mockups_app/delete_user_templates/', {
    removeTemplates: ids,
    workspace_id: workspaceId,
  });
}

/** The delete call as a mutation; both panels reload afterwards. */
export function useDeleteTemplates(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => deleteUserTemplates(workspaceId, ids),
    onSettled: () => refreshTemplates(queryClient, workspaceId),
  });
}
