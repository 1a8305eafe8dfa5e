import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceSummary } from '@podflow/contract/workspaces';
import { api } from './client';

/** GET /workspace/get_workspaces/: the caller's workspaces, newest first, with their progress. */
export function getWorkspaces(signal?: AbortSignal): Promise<WorkspaceSummary[]> {
  return api.get<WorkspaceSummary[]>('/workspace/get_workspaces/', { signal });
}

/** The workspace list; shared by step 1 (the tiles) and step 2 (the current workspace's name). */
export const workspacesQuery = queryOptions({
  queryKey: ['workspaces'],
  queryFn: ({ signal }) => getWorkspaces(signal),
});

/** The workspace list as a query. */
export function useWorkspaces() {
  return useQuery(workspacesQuery);
}
