import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWorkspaceRequest, Workspace } from '@podflow/contract/workspaces';
import { api } from '../../api/client';
import { workspacesQuery } from '../../api/get-workspaces.api';

/** POST /workspace/create_workspace/: answers 201 with the new workspace. */
export function createWorkspace(request: CreateWorkspaceRequest): Promise<Workspace> {
  return api.post<Workspace>('/workspace/create_workspace/', request);
}

/** The create call as a mutation; the list reloads afterwards (SPEC.md section 4). */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQuery.queryKey }),
  });
}
