import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MockupJobLog, MockupJobLogs } from '@podflow/contract/mockups';
import { api } from '../../api/client';
import { mergeJobLogs } from './job-progress';

/** GET /mockups_app/get_mockup_job_logs/?workspace_id=: the jobs of the workspace's latest run. */
export async function getMockupJobLogs(workspaceId: string, signal?: AbortSignal): Promise<MockupJobLog[]> {
  const reply = await api.get<MockupJobLogs>('/mockups_app/get_mockup_job_logs/', {
    query: { workspace_id: workspaceId },
    signal,
  });
  return reply.job_logs;
}

/** The cache key of a workspace's job logs. */
export function mockupJobLogsKey(workspaceId: string) {
  return ['mockups', workspaceId, 'jobs'] as const;
}

/**
 * The job logs of a workspace as query options. With the query client, an answer never moves a
 * job back behind what a live event already showed (the event may overtake the answer).
 */
export function mockupJobLogsQuery(workspaceId: string, queryClient?: QueryClient) {
  const queryKey = mockupJobLogsKey(workspaceId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const fetched = await getMockupJobLogs(workspaceId, signal);
      return mergeJobLogs(fetched, queryClient?.getQueryData<MockupJobLog[]>(queryKey));
    },
    // The list moves on its own: coming back to the screen shows the cached list and refreshes it.
    staleTime: 0,
  });
}

/** The job logs of a workspace. */
export function useMockupJobLogs(workspaceId: string) {
  const queryClient = useQueryClient();
  return useQuery(mockupJobLogsQuery(workspaceId, queryClient));
}
