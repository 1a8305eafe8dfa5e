import { ApiError, errorMessageOf, networkErrorMessage, parseBody, sendWithSession } from '../../api/client';

/**
 * A GET whose body is read as a stream (live events, the zip with its progress), with the bearer
 * token and the client's one refresh on 401. Resolves with the 2xx response; throws ApiError with
 * the server's error body otherwise (status 0: no answer), or the AbortError when stopped.
 */
export async function fetchWithSession(
  url: string,
  accept: string,
  signal: AbortSignal,
): Promise<Response & { body: ReadableStream<Uint8Array> }> {
  const response = await sendWithSession(async (token) => {
    const headers = new Headers({ Accept: accept });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    try {
      return await fetch(url, { headers, credentials: 'include', cache: 'no-store', signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ApiError(0, null, networkErrorMessage);
    }
  });
  if (!response.ok || !response.body) {
    const body = parseBody(await response.text(), response.headers.get('content-type'));
    throw new ApiError(response.status, body, errorMessageOf(response.status, body));
  }
  return response as Response & { body: ReadableStream<Uint8Array> };
}
