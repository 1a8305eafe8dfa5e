import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@podflow/contract/auth';
import { api } from '../../api/client';
import { workspacesQuery } from '../../api/get-workspaces.api';

/** DELETE /workspace/delete_workspace/{workspace_id}/: deletes the workspace and all its data. */
export function deleteWorkspace(workspaceId: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/workspace/delete_workspace/${encodeURIComponent(workspaceId)}/`);
}

/** The delete call as a mutation; the list reloads afterwards (SPEC.md section 4). */
export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQuery.queryKey }),
  });
}
