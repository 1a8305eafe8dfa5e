import type { AdjustMockupRequest } from '@podflow/contract/mockups';
import {
  ApiError,
  apiUrl,
  errorMessageOf,
  networkErrorMessage,
  parseBody,
  sendWithSession,
} from '../../api/client';

/**
 * POST /mockups_app/preview_mockup/: the mockup as it would look with an adjustment, as a JPEG
 * blob (nothing is stored). Throws ApiError with the server's error body, or the AbortError.
 */
export async function previewMockup(request: AdjustMockupRequest, signal: AbortSignal): Promise<Blob> {
  const response = await sendWithSession(async (token) => {
    const headers = new Headers({ Accept: 'image/jpeg', 'Content-Type': 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await fetch(apiUrl('/mockups_app/preview_mockup/'), {
        method: 'POST',
        headers,
        body: JSON.stringify(request),
        credentials: 'include',
        cache: 'no-store',
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ApiError(0, null, networkErrorMessage);
    }
  });
  if (!response.ok) {
    const body = parseBody(await response.text(), response.headers.get('content-type'));
    throw new ApiError(response.status, body, errorMessageOf(response.status, body));
  }
  return response.blob();
}
