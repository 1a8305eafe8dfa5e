import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateMockupsResponse } from '@podflow/contract/mockups';
import { api } from '../../api/client';
import { mockupJobLogsKey } from './get-mockup-job-logs.api';

/**
 * GET /mockups_python_engine_app/generate_mockups/?workspace_id=: starts a run (one job per
 * selected template) and answers at once with the queued jobs.
 */
export function generateMockups(workspaceId: string): Promise<GenerateMockupsResponse> {
  return api.get<GenerateMockupsResponse>('/mockups_python_engine_app/generate_mockups/', {
    query: { workspace_id: workspaceId },
  });
}

/** Starting a run as a mutation: the queued jobs replace the cached list at once. */
export function useGenerateMockups(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateMockups(workspaceId),
    onSuccess: async (reply) => {
      const queryKey = mockupJobLogsKey(workspaceId);
      // A poll still on its way would bring back the previous run.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, reply.job_logs);
    },
  });
}
