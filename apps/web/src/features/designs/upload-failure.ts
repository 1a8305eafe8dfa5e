import type { UploadedFile } from '@podflow/contract/designs';
import { ApiError } from '../../api/client';
import { designMessages as text, quotaErrors } from './design-messages';

/** The texts a failed upload answer carries (error, message, detail). */
function answerTexts(error: ApiError): string[] {
  const body = error.errorBody;
  return [body?.error, body?.message, body?.detail, error.message].filter(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
}

/**
 * What the seller is told when a batch fails (SPEC.md section 8): the quota sentences for a 403
 * naming a quota, any other 403 text as it is, a generic sentence for an unexpected status, and
 * another for no answer at all.
 */
export function uploadFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return text.uploadFailed;
  if (error.status !== 403) return text.unexpected;
  const texts = answerTexts(error);
  const mentions = (quota: string) => texts.some((value) => value.includes(quota));
  if (mentions(quotaErrors.designs)) return text.designsQuota;
  if (mentions(quotaErrors.space)) return text.spaceQuota;
  if (mentions(quotaErrors.aiTokens)) return text.aiTokensQuota;
  return texts[0] ?? text.unexpected;
}

/** The per-file results a failed answer lists (a 400 or 403 that stored nothing), if any. */
export function filesOfFailure(error: unknown): UploadedFile[] | null {
  if (!(error instanceof ApiError)) return null;
  const files = (error.body as { files?: unknown } | null)?.files;
  return Array.isArray(files) ? (files as UploadedFile[]) : null;
}

/**
 * A 400 that lists every file's reason is a judged batch (for example none was a PNG): the run
 * goes on with the next batch. Anything else stops the run.
 */
export function isJudgedBatch(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && filesOfFailure(error) !== null;
}
