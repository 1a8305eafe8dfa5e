import { ApiError, apiUrl, errorMessageOf, networkErrorMessage, parseBody, sendWithSession } from './client';
import type { QueryValue } from './client';

/** Bytes of the request body sent so far (multipart boundaries included). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadFormOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Called as the body goes out; starts again from 0 if the request is resent after a refresh. */
  onProgress?: (progress: UploadProgress) => void;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

function abortError(): DOMException {
  return new DOMException('The upload was stopped.', 'AbortError');
}

function sendXhr(url: string, form: FormData, token: string | null, options: UploadFormOptions) {
  return new Promise<XhrAnswer>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      settle();
      resolve({
        status: xhr.status,
        body: parseBody(xhr.responseText, xhr.getResponseHeader('content-type')),
      });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, null, networkErrorMessage));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    options.signal?.addEventListener('abort', onAbort);
    options.onProgress?.({ loaded: 0, total: 0 });
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form with XMLHttpRequest, which (unlike fetch) reports how many bytes of the
 * body have been sent. Shares the client's bearer token and its one refresh on 401. Resolves with
 * the parsed 2xx body; throws ApiError otherwise (status 0: no answer), or an AbortError.
 */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  options: UploadFormOptions = {},
): Promise<T> {
  const url = apiUrl(path, options.query);
  const answer = await sendWithSession((token) => sendXhr(url, form, token, options));
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiError(answer.status, answer.body, errorMessageOf(answer.status, answer.body));
  }
  return answer.body as T;
}
