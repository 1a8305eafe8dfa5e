import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiTokensResponse } from '@podflow/contract/metadata';
import { api } from '../../api/client';

/** GET /openai_app/ai_tokens/: this month's AI tokens (one per design written). */
export const aiTokensQuery = queryOptions({
  queryKey: ['ai-tokens'],
  queryFn: ({ signal }) => api.get<AiTokensResponse>('/openai_app/ai_tokens/', { signal }),
  // Read when the confirmation opens: another tab may have spent some.
  staleTime: 0,
});

/** The AI token balance, loaded only while `enabled` (the confirmation is open). */
export function useAiTokens(enabled: boolean) {
  return useQuery({ ...aiTokensQuery, enabled });
}
