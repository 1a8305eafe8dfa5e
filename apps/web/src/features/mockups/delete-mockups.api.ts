import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeleteMockupsRequest, deleteMockupsResponse } from '@podflow/contract/mockups';
import { api } from '../../api/client';
import { mockupGridQuery } from './get-mockup-images-grid.api';

type DeleteMockupsResponse = z.infer<typeof deleteMockupsResponse>;

/** POST /mockups_app/delete_selected_mockups/: deletes the given mockups (all of them or none). */
export function deleteMockups(request: DeleteMockupsRequest): Promise<DeleteMockupsResponse> {
  return api.post<DeleteMockupsResponse>('/mockups_app/delete_selected_mockups/', request);
}

/** The delete call as a mutation; the workspace's grid reloads afterwards, whatever the answer. */
export function useDeleteMockups(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mockupIds: string[]) => deleteMockups({ mockup_ids: mockupIds }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mockupGridQuery(workspaceId).queryKey }),
  });
}
