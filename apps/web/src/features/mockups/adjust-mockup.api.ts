import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustMockupRequest,
  AdjustMockupResponse,
  MockupAdjustment,
  MockupGridRow,
} from '@podflow/contract/mockups';
import { api } from '../../api/client';
import { mockupGridQuery } from './get-mockup-images-grid.api';

/**
 * POST /mockups_app/adjust_mockup/: renders one mockup again with the seller's adjustment (kept
 * for its design and template) and answers it; "Fit inside" is the adjustment that fits the whole
 * design.
 */
export function adjustMockup(request: AdjustMockupRequest): Promise<AdjustMockupResponse> {
  return api.post<AdjustMockupResponse>('/mockups_app/adjust_mockup/', request);
}

/**
 * Adjusting as a mutation: the answered mockup replaces its card in the cached grid at once (so
 * the new picture shows without reloading the rest), then the grid is refreshed.
 */
export function useAdjustMockup(workspaceId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = mockupGridQuery(workspaceId);
  return useMutation({
    mutationFn: (vars: { mockupId: string; adjustment: MockupAdjustment }) =>
      adjustMockup({ mockup_id: vars.mockupId, adjustment: vars.adjustment }),
    onSuccess: (reply) => {
      queryClient.setQueryData<MockupGridRow[]>(queryKey, (rows) =>
        rows?.map((row) => ({
          ...row,
          mockup_images: row.mockup_images.map((m) =>
            m.mockup_id === reply.mockup.mockup_id ? reply.mockup : m,
          ),
        })),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
