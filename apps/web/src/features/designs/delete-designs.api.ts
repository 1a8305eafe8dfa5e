import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeleteDesignsRequest, deleteDesignsResponse } from '@podflow/contract/designs';
import { api } from '../../api/client';
import { designsQuery } from '../../api/get-designs.api';

type DeleteDesignsResponse = z.infer<typeof deleteDesignsResponse>;

/** POST /workspace/delete_designs/: deletes the given designs (all of them or none). */
export function deleteDesigns(request: DeleteDesignsRequest): Promise<DeleteDesignsResponse> {
  return api.post<DeleteDesignsResponse>('/workspace/delete_designs/', request);
}

/** The delete call as a mutation; the workspace's list reloads afterwards. */
export function useDeleteDesigns(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineitemIds: string[]) => deleteDesigns({ lineitem_ids: lineitemIds }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: designsQuery(workspaceId).queryKey }),
  });
}
