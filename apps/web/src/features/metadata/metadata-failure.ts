import { ApiError, networkErrorMessage } from '../../api/client';
import { metadataText as text } from './metadata-messages';

/** The 403 text of a spent AI allowance (the contract's quotaErrors.aiTokens). */
const aiTokensQuotaError = 'AI tokens quota exceeded';

/** The sentence a failed call carries, the server's own first; the fallback for anything else. */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return networkErrorMessage;
  return error.errorBody?.detail || error.message || fallback;
}

/** SPEC.md section 8: what a failed design load says. */
export function designsLoadErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return text.loadFailedDefault;
  if (error.status === 0) return networkErrorMessage;
  return text.loadFailedStatus(error.status, error.errorBody?.detail);
}

/** Whether a failed AI run was refused because the month's AI tokens are spent (SPEC.md section 8). */
export function isAiQuotaError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const body = error.errorBody;
  return [body?.error, body?.message, body?.detail, error.message].some((value) =>
    value?.includes(aiTokensQuotaError),
  );
}

/** What a refused AI run says: the spec's quota alert, a run still going (409) or the server's reason. */
export function generateFailureText(error: unknown): string {
  if (isAiQuotaError(error)) return text.aiTokensQuota;
  return failureText(error, text.generateFailed);
}
