import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DesignLineItem } from '@podflow/contract/designs';
import { api } from '../../api/client';

/**
 * GET /workspace/get_workarea_information/?workspace_id=: the workspace's designs, read here only
 * to show the first one inside the print area while the seller places it. Same key and answer
 * as the designs screen's list, so the two share the cache.
 */
export function workspaceDesignsQuery(workspaceId: string) {
  return queryOptions({
    queryKey: ['designs', workspaceId],
    queryFn: ({ signal }) =>
      api.get<DesignLineItem[]>('/workspace/get_workarea_information/', {
        query: { workspace_id: workspaceId },
        signal,
      }),
  });
}

/** The design to preview in the print area: the workspace's first, or null when it has none. */
export function usePreviewDesign(workspaceId: string) {
  return useQuery({
    ...workspaceDesignsQuery(workspaceId),
    select: (designs): DesignLineItem | null => designs[0] ?? null,
  });
}
