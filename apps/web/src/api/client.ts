import type { ErrorBody } from '@podflow/contract/errors';
import type { RefreshResponse } from '@podflow/contract/auth';
import { clearSession, getAccessToken, getRefreshToken, getSessionStatus, saveTokens } from './session';

/** An answer that was not 2xx (status 0: no answer at all), with the server's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's error body when it has the contract's shape (errors.ts), else null. */
  get errorBody(): Partial<ErrorBody> | null {
    return this.body && typeof this.body === 'object' ? (this.body as Partial<ErrorBody>) : null;
  }

  /** Per-field messages of a validation error, keyed by request field. */
  get fields(): Record<string, string> {
    return this.errorBody?.fields ?? {};
  }
}

export const networkErrorMessage = 'No response from server. Check your network or server status.';

/** The refresh call of the request client (SPEC.md section 7, "on a separate base path"). */
export const clientRefreshPath = '/token/refresh/';
/** The refresh call of the session guard. */
export const guardRefreshPath = '/api/token/refresh/';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** false: send no bearer token and never refresh (sign-in, registration). */
  auth?: boolean;
  /** How to read a 2xx answer; JSON by default. */
  responseType?: 'json' | 'text' | 'blob';
  /** Let the request finish even when the page navigates away. */
  keepalive?: boolean;
  /** Sent as Idempotency-Key: a create repeated with the same key makes nothing new. */
  idempotencyKey?: string;
}

interface ClientConfig {
  baseUrl: string;
  /** Called once the session is gone (refresh failed); the app sends the user to /login. */
  onSessionExpired: () => void;
}

const config: ClientConfig = {
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  onSessionExpired: () => window.location.assign('/login'),
};

/** Lets the app route to /login itself instead of reloading the page. */
export function configureApiClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next);
}

/** The full address of an API path with its query string. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${config.baseUrl}${path}${search ? `?${search}` : ''}`;
}

/** A response body as JSON when it says it is JSON, else as text; null when empty. */
export function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return null;
  if ((contentType ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text(), response.headers.get('content-type'));
}

/** The sentence an error answer carries (message, detail or error), or a generic one. */
export function errorMessageOf(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, detail, error } = body as Partial<ErrorBody>;
    const found = [message, detail, error].find((value) => typeof value === 'string' && value.length > 0);
    if (found) return found;
  }
  if (typeof body === 'string' && body.length > 0 && body.length < 300) return body;
  return `Request failed with status ${status}.`;
}

async function send(path: string, options: RequestOptions, accessToken: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  try {
    return await fetch(apiUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, networkErrorMessage);
  }
}

let refreshInFlight: Promise<string> | null = null;

async function exchangeRefreshToken(path: string): Promise<string> {
  const refresh = getRefreshToken();
  if (!refresh) throw new ApiError(401, null, 'Your session has expired. Please sign in again.');
  const response = await send(path, { method: 'POST', body: { refresh } }, null);
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body, errorMessageOf(response.status, body));
  const tokens = body as Partial<RefreshResponse> | null;
  if (!tokens || typeof tokens.access !== 'string' || typeof tokens.refresh !== 'string') {
    throw new ApiError(response.status, body, 'The server answered a refresh without tokens.');
  }
  saveTokens({ access: tokens.access, refresh: tokens.refresh });
  return tokens.access;
}

/**
 * Other tabs share the stored tokens: a Web Lock lets one tab refresh at a time, and a tab that
 * waited uses the pair the other one stored instead of presenting a spent refresh token (which the
 * server answers by revoking the whole session).
 */
async function refreshAcrossTabs(path: string, staleAccess: string | null): Promise<string> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return exchangeRefreshToken(path);
  return locks.request('podflow-token-refresh', () => {
    const current = getAccessToken();
    if (current && current !== staleAccess && getSessionStatus() === 'valid') return current;
    return exchangeRefreshToken(path);
  });
}

/**
 * Whether a failed refresh ended the session: the server refused the token. A refresh that did not
 * get through (no network, a page load cancelling it, a server error) leaves the session as it is:
 * the refresh token still works, and a spent one lost to a reload is answered the same pair.
 */
export function sessionRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 401 || error.status === 403);
}

/**
 * Trades the refresh token for a new pair and stores both. Concurrent callers share one call:
 * refresh tokens rotate, so a second call with the same token would be refused. When the server
 * refuses it the stored session is cleared; either way the error is rethrown.
 */
export function refreshTokens(path: string = clientRefreshPath): Promise<string> {
  refreshInFlight ??= refreshAcrossTabs(path, getAccessToken())
    .catch((error: unknown) => {
      if (sessionRefused(error)) clearSession();
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/**
 * Sends a request with the stored bearer token; when it answers 401, refreshes the tokens once
 * (shared with every other caller) and sends it again. When the server refuses the refresh the
 * session is cleared, the user is sent to /login and the error is thrown; a refresh that did not get
 * through is thrown as it is, and the session stays. `send` is called with the token to
 * present; both the fetch client and the XHR upload helper go through here.
 */
export async function sendWithSession<R extends { status: number }>(
  send: (accessToken: string | null) => Promise<R>,
): Promise<R> {
  const sentToken = getAccessToken();
  const response = await send(sentToken);
  if (response.status !== 401) return response;

  let token: string;
  const current = getAccessToken();
  if (current && current !== sentToken) {
    // Another request refreshed while this one was in flight: just retry with the new token.
    token = current;
  } else {
    try {
      token = await refreshTokens(clientRefreshPath);
    } catch (error) {
      if (!sessionRefused(error)) throw error;
      config.onSessionExpired();
      throw error instanceof ApiError ? error : new ApiError(401, null, 'Your session has expired.');
    }
  }
  return send(token);
}

/**
 * The one way the app calls its server: bearer token when signed in, cookies included, JSON by
 * default. A 401 is retried once after a token refresh; when the server refuses the refresh the session is
 * cleared and the user is sent to /login.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response =
    options.auth === false
      ? await send(path, options, null)
      : await sendWithSession((token) => send(path, options, token));

  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiError(response.status, body, errorMessageOf(response.status, body));
  }
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (options.responseType === 'text') return (await response.text()) as T;
  return (await readBody(response)) as T;
}

/** Shorthands of apiRequest by method. */
export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
