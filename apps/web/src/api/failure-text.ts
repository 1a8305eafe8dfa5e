import { ApiError, networkErrorMessage } from './client';

/** What a page says when PodFlow gave no answer at all. */
export const unreachableText = 'We could not reach PodFlow. Check your connection and try again.';

/** The server's message when it answered, else `unreachableText`. */
export function answerOrUnreachable(error: unknown): string {
  return error instanceof ApiError && error.status !== 0 ? error.message : unreachableText;
}

/** The sentence a failed call carries, the server's detail first; the fallback for anything else. */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return networkErrorMessage;
  return error.errorBody?.detail || error.message || fallback;
}
