import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MockupGridRow, MockupImagesGrid } from '@podflow/contract/mockups';
import { api } from '../../api/client';

/** GET /mockups_app/get_mockup_images_grid/?workspace_id=: one row per design with its mockups. */
export async function getMockupImagesGrid(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<MockupGridRow[]> {
  const reply = await api.get<MockupImagesGrid>('/mockups_app/get_mockup_images_grid/', {
    query: { workspace_id: workspaceId },
    signal,
  });
  return reply.arr_mockup_images_grid;
}

/** The mockup grid of a workspace as query options. */
export function mockupGridQuery(workspaceId: string) {
  return queryOptions({
    queryKey: ['mockups', workspaceId, 'grid'],
    queryFn: ({ signal }) => getMockupImagesGrid(workspaceId, signal),
    // New mockups appear while a run goes on elsewhere: coming back to the screen refreshes it.
    staleTime: 0,
  });
}

/** The mockup grid of a workspace. */
export function useMockupGrid(workspaceId: string) {
  return useQuery(mockupGridQuery(workspaceId));
}
