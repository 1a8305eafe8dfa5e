import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiTokensResponse, GenerateMetadataResponse, MetadataRow } from '@podflow/contract/metadata';
import { api } from '../../api/client';
import { aiTokensQuery } from './get-ai-tokens.api';
import { taskSummaryQuery } from './get-task-status-summary.api';
import { metadataForm } from './metadata-form';

/**
 * POST /openai_app/generate_textfields_openai/: queues one AI task per design (what the fields
 * hold goes as hints) and answers at once; the tasks run in the background.
 */
export function generateMetadata(rows: readonly MetadataRow[]): Promise<GenerateMetadataResponse> {
  return api.post<GenerateMetadataResponse>('/openai_app/generate_textfields_openai/', metadataForm(rows));
}

/**
 * Starting an AI run as a mutation: the run's summary shows its queued tasks at once (so it is
 * polled from the start) and the token balance drops by what it was charged.
 */
export function useGenerateMetadata(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateMetadata,
    onSuccess: async (reply) => {
      const { queryKey } = taskSummaryQuery(workspaceId);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, {
        status_summary: { Pending: reply.queued, 'In Progress': 0, Completed: 0, Failed: 0 },
        failures: [],
      });
      void queryClient.invalidateQueries({ queryKey });
      queryClient.setQueryData(aiTokensQuery.queryKey, (tokens: AiTokensResponse | undefined) =>
        tokens ? { ...tokens, remaining: reply.tokens_remaining } : tokens,
      );
    },
  });
}
