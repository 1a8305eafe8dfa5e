import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { metadataText as text } from './metadata-messages';

/** The 403 text of a spent AI allowance (the contract's quotaErrors.aiTokens). */
const aiTokensQuotaError = 'AI tokens quota exceeded';

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
