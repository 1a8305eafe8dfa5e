import { ApiError, networkErrorMessage } from './client';

/** The sentence a failed call carries, the server's detail first; the fallback for anything else. */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return networkErrorMessage;
  return error.errorBody?.detail || error.message || fallback;
}
