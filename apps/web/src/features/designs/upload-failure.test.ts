import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { designMessages as text } from './design-messages';
import { isJudgedBatch, uploadFailureMessage } from './upload-failure';

const body = (message: string, extra: object = {}) => ({
  detail: message,
  error: message,
  message,
  code: 'quota_exceeded',
  ...extra,
});
const forbidden = (message: string) => new ApiError(403, body(message), message);

describe('uploadFailureMessage (SPEC.md section 8)', () => {
  it('maps each quota 403 to its sentence', () => {
    expect(uploadFailureMessage(forbidden('Designs quota exceeded'))).toBe(
      'You have exceeded your designs quota for current workspace. Please delete some designs and try again.',
    );
    expect(uploadFailureMessage(forbidden('Space quota exceeded'))).toBe(
      'You have exceeded your storage space quota. Please delete some files and try again.',
    );
    expect(uploadFailureMessage(forbidden('AI tokens quota exceeded'))).toBe(
      'You have exceeded your AI tokens quota. Please upgrade your plan or try again later.',
    );
  });

  it('finds the quota text in error, message or detail', () => {
    const onlyDetail = new ApiError(403, { detail: 'Space quota exceeded' }, 'Forbidden');
    expect(uploadFailureMessage(onlyDetail)).toBe(text.spaceQuota);
  });

  it('shows any other 403 text as it is', () => {
    expect(uploadFailureMessage(forbidden('Your plan does not allow uploads.'))).toBe(
      'Your plan does not allow uploads.',
    );
  });

  it('says an unexpected status is unexpected and a missing answer is an upload error', () => {
    expect(uploadFailureMessage(new ApiError(500, null, 'boom'))).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(uploadFailureMessage(new ApiError(0, null, 'offline'))).toBe(
      'An error occurred during the upload. Please try again.',
    );
    expect(uploadFailureMessage(new TypeError('failed'))).toBe(text.uploadFailed);
  });

  it('treats a 400 listing every file as a judged batch, other failures as a stop', () => {
    const files = [{ file_name: 'a.png', status: 'rejected', reason: 'a.png is not a PNG image.' }];
    expect(isJudgedBatch(new ApiError(400, body('None stored', { files }), 'None stored'))).toBe(true);
    expect(isJudgedBatch(new ApiError(400, body('Bad request'), 'Bad request'))).toBe(false);
    expect(isJudgedBatch(new ApiError(403, body('Designs quota exceeded', { files }), 'x'))).toBe(false);
  });
});
