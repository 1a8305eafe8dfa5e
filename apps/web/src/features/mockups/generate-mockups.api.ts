import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateMockupsResponse, GenerateMode } from '@podflow/contract/mockups';
import { api } from '../../api/client';
import { mockupJobLogsKey } from './get-mockup-job-logs.api';

/**
 * GET /mockups_python_engine_app/generate_mockups/?workspace_id=&mode=: starts a run (one job per
 * selected template; `new` only what has no mockup yet and was never deleted, `all` everything)
 * and answers at once with its jobs, or with the run already going on.
 */
export function generateMockups(workspaceId: string, mode: GenerateMode): Promise<GenerateMockupsResponse> {
  return api.get<GenerateMockupsResponse>('/mockups_python_engine_app/generate_mockups/', {
    query: { workspace_id: workspaceId, mode },
  });
}

/** Starting a run as a mutation: the queued jobs replace the cached list at once. */
export function useGenerateMockups(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: GenerateMode) => generateMockups(workspaceId, mode),
    onSuccess: async (reply) => {
      const queryKey = mockupJobLogsKey(workspaceId);
      // A poll still on its way would bring back the previous run.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, reply.job_logs);
    },
  });
}
