import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The names the server serves as tutorials; anything else fails without a request. */
const tutorialFilePattern = /^[a-z0-9-]+\.html$/;

/** GET /tutorials/{file}: the tutorial's HTML as the server stores it (sanitised before it is shown). */
export async function getTutorial(file: string, signal?: AbortSignal): Promise<string> {
  if (!tutorialFilePattern.test(file)) throw new Error(`Not a tutorial file name: ${file}`);
  return api.get<string>(`/tutorials/${encodeURIComponent(file)}`, {
    signal,
    auth: false,
    responseType: 'text',
  });
}

export function tutorialQuery(file: string) {
  return queryOptions({
    queryKey: ['tutorial', file],
    queryFn: ({ signal }) => getTutorial(file, signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/** One tutorial's HTML as a query. */
export function useTutorial(file: string) {
  return useQuery(tutorialQuery(file));
}
