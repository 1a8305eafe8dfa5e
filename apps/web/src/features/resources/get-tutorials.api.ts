import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TutorialListItem } from '@podflow/contract/tutorials';
import { api } from '../../api/client';

/** GET /tutorials/tutorials.json: every published tutorial, in reading order. Public: no session. */
export function getTutorials(signal?: AbortSignal): Promise<TutorialListItem[]> {
  return api.get<TutorialListItem[]>('/tutorials/tutorials.json', { signal, auth: false });
}

export const tutorialsQuery = queryOptions({
  queryKey: ['tutorials'],
  queryFn: ({ signal }) => getTutorials(signal),
  staleTime: 5 * 60 * 1000,
  retry: false,
});

/** The tutorial list as a query. */
export function useTutorials() {
  return useQuery(tutorialsQuery);
}
