import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DesignLineItem } from '@podflow/contract/designs';
import { useThumbnailRefetch } from '../ui/use-thumbnail-refetch';
import { ApiError, api, networkErrorMessage } from './client';

/** SPEC.md section 9: the design list refreshes itself every 3,000,000 ms (its image links expire). */
export const designsRefetchIntervalMs = 3_000_000;

/** GET /workspace/get_workarea_information/?workspace_id=: the designs of a workspace. */
export function getDesigns(workspaceId: string, signal?: AbortSignal): Promise<DesignLineItem[]> {
  return api.get<DesignLineItem[]>('/workspace/get_workarea_information/', {
    query: { workspace_id: workspaceId },
    signal,
  });
}

/**
 * The designs of one workspace as query options: one cache entry per workspace, shared by every
 * screen that lists them (Prepare Designs, the template editor's preview, Update Metadata).
 */
export function designsQuery(workspaceId: string) {
  return queryOptions({
    queryKey: ['designs', workspaceId],
    queryFn: ({ signal }) => getDesigns(workspaceId, signal),
    refetchInterval: designsRefetchIntervalMs,
  });
}

/** The designs of the current workspace; idle without one. */
export function useDesigns(workspaceId: string | null) {
  return useQuery({ ...designsQuery(workspaceId ?? ''), enabled: workspaceId !== null });
}

/** The onError of a workspace's design thumbnails: a broken one reloads the list for fresh links. */
export function useDesignsThumbnailRefetch(workspaceId: string): () => void {
  const queryClient = useQueryClient();
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: designsQuery(workspaceId).queryKey }),
    [queryClient, workspaceId],
  );
  return useThumbnailRefetch(reload);
}

/** SPEC.md section 8: what a failed design load says. */
export function designsLoadErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Failed to load designs';
  if (error.status === 0) return networkErrorMessage;
  return `Error: ${error.status} - ${error.errorBody?.detail || 'Unknown error'}`;
}
