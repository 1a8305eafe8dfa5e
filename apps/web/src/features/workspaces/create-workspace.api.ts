import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWorkspaceRequest, Workspace } from '@podflow/contract/workspaces';
import { api } from '../../api/client';
import { workspacesQuery } from '../../api/get-workspaces.api';

/** A create and the key that makes a repeat of it harmless (one key per seller's intent). */
export interface CreateWorkspaceCall {
  request: CreateWorkspaceRequest;
  idempotencyKey: string;
}

/**
 * POST /workspace/create_workspace/: answers 201 with the new workspace, or 200 with the one the
 * same Idempotency-Key made already (a retry, a second click).
 */
export function createWorkspace({ request, idempotencyKey }: CreateWorkspaceCall): Promise<Workspace> {
  return api.post<Workspace>('/workspace/create_workspace/', request, { idempotencyKey });
}

/** The create call as a mutation; the list reloads afterwards (SPEC.md section 4). */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQuery.queryKey }),
  });
}
