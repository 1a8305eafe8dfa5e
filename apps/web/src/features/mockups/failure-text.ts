import { ApiError } from '../../api/client';

/** The sentence a failed call carries, the server's detail first; the fallback for anything else. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.errorBody?.detail || error.message || fallback;
  return fallback;
}
