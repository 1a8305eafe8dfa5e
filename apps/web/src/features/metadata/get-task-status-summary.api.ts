import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskStatusSummary } from '@podflow/contract/metadata';
import { api } from '../../api/client';

/** How often the summary is polled while tasks are waiting or running. */
export const taskSummaryPollMs = 1_500;

/** Counts of an AI run: the tasks still to finish, those finished, all of them. */
export function runCounts(summary: TaskStatusSummary | undefined) {
  const counts = summary?.status_summary;
  if (!counts) return { open: 0, done: 0, failed: 0, total: 0 };
  const open = counts.Pending + counts['In Progress'];
  const done = counts.Completed + counts.Failed;
  return { open, done, failed: counts.Failed, total: open + done };
}

/** GET /openai_app/task-status-summary/?workspace_id=: the status counts of the workspace's latest AI run. */
export function taskSummaryQuery(workspaceId: string) {
  return queryOptions({
    queryKey: ['metadata', workspaceId, 'ai-summary'],
    queryFn: ({ signal }) =>
      api.get<TaskStatusSummary>('/openai_app/task-status-summary/', {
        query: { workspace_id: workspaceId },
        signal,
      }),
    staleTime: 0,
    // Polled while anything is Pending or In Progress, then it rests.
    refetchInterval: (query) => (runCounts(query.state.data).open > 0 ? taskSummaryPollMs : false),
  });
}

/** The latest AI run of a workspace, polled while it runs. */
export function useTaskSummary(workspaceId: string) {
  return useQuery(taskSummaryQuery(workspaceId));
}
