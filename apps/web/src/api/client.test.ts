import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, clientRefreshPath, configureApiClient, networkErrorMessage } from './client';
import { fakeJwt } from '../test/render';
import { getAccessToken, getRefreshToken, saveSignIn, saveTokens, storageKeys } from './session';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const errorBody = (message: string, code: string) => ({ detail: message, error: message, message, code });

/** A server that accepts only `validAccess` and rotates tokens on refresh after a short delay. */
function fakeServer(options: { refreshStatus?: number } = {}) {
  let validAccess = 'access-1';
  const refreshCalls: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    if (url.endsWith(clientRefreshPath) || url.endsWith('/api/token/refresh/')) {
      refreshCalls.push(JSON.parse(String(init?.body)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (options.refreshStatus)
        return json(options.refreshStatus, errorBody('Token is invalid.', 'token_invalid'));
      validAccess = `access-${refreshCalls.length + 1}`;
      return json(200, { access: validAccess, refresh: `refresh-${refreshCalls.length + 1}` });
    }
    if (headers.get('Authorization') !== `Bearer ${validAccess}`) {
      return json(401, errorBody('Your session has expired. Please sign in again.', 'unauthorized'));
    }
    return json(200, { path: new URL(url, 'http://localhost').pathname });
  });
  return { fetchMock, refreshCalls, expireAccess: () => (validAccess = 'rotated-elsewhere') };
}

function signInAs(access: string, refresh: string) {
  saveSignIn({
    access,
    refresh,
    user: { username: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  });
}

describe('api client', () => {
  const onSessionExpired = vi.fn();

  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired });
    onSessionExpired.mockReset();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer token, cookies and a JSON body', async () => {
    const { fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    signInAs('access-1', 'refresh-1');

    await expect(api.post('/workspace/create_workspace/', { workspace_name: 'Cats' })).resolves.toEqual({
      path: '/workspace/create_workspace/',
    });

    const [, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ workspace_name: 'Cats' }));
  });

  it('refreshes once for concurrent 401s and retries every request with the new token', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    signInAs('stale-access', 'refresh-1');

    const results = await Promise.all([
      api.get('/workspace/get_workspaces/'),
      api.get('/mockups_app/get_all_templates_information/'),
      api.post('/workspace/delete_designs/', { lineitem_ids: [1] }),
    ]);

    expect(server.refreshCalls).toEqual([{ refresh: 'refresh-1' }]);
    expect(results).toEqual([
      { path: '/workspace/get_workspaces/' },
      { path: '/mockups_app/get_all_templates_information/' },
      { path: '/workspace/delete_designs/' },
    ]);
    // Refresh tokens rotate: both halves of the new pair are stored.
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('uses the pair another tab stored while it waited, instead of spending the refresh token again', async () => {
    const otherTabAccess = fakeJwt(Math.floor(Date.now() / 1000) + 600);
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('refresh'))
        return json(401, errorBody('Token is invalid.', 'token_invalid'));
      const ok = new Headers(init?.headers).get('Authorization') === `Bearer ${otherTabAccess}`;
      return ok ? json(200, { ok: true }) : json(401, errorBody('Expired.', 'unauthorized'));
    });
    vi.stubGlobal('fetch', fetchMock);
    // The other tab holds the refresh lock and stores its new pair before this tab gets it.
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, callback: () => Promise<string> | string) => {
          saveTokens({ access: otherTabAccess, refresh: 'refresh-from-other-tab' });
          return callback();
        },
      },
    });
    signInAs('stale-access', 'refresh-1');

    await expect(api.get('/workspace/get_workspaces/')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('refresh'))).toBe(false);
    expect(getRefreshToken()).toBe('refresh-from-other-tab');
  });

  it('clears the stored session and sends the user to sign in when the refresh fails', async () => {
    const server = fakeServer({ refreshStatus: 401 });
    vi.stubGlobal('fetch', server.fetchMock);
    signInAs('stale-access', 'spent-refresh');
    window.localStorage.setItem(storageKeys.workspaceId, '7');

    const outcomes = await Promise.allSettled([
      api.get('/workspace/get_workspaces/'),
      api.get('/api/whatever/'),
    ]);

    expect(server.refreshCalls).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.status).toBe(401);
    }
    for (const key of Object.values(storageKeys)) expect(window.localStorage.getItem(key)).toBeNull();
    expect(onSessionExpired).toHaveBeenCalled();
  });

  it('keeps the session when the refresh does not get through (a page load cancelling it, no network)', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('refresh')) throw new TypeError('Failed to fetch');
      return json(401, errorBody('Token expired.', 'token_not_valid'));
    });
    vi.stubGlobal('fetch', fetchMock);
    signInAs('stale-access', 'refresh-1');

    const failure = await api.get('/workspace/get_workspaces/').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect(getRefreshToken()).toBe('refresh-1');
    expect(window.localStorage.getItem(storageKeys.access)).toBe('stale-access');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is thrown, not refreshed again', async () => {
    const server = fakeServer();
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await server.fetchMock(input, init);
      if (String(input).endsWith(clientRefreshPath)) server.expireAccess();
      return response;
    });
    vi.stubGlobal('fetch', fetchMock);
    signInAs('stale-access', 'refresh-1');

    await expect(api.get('/workspace/get_workspaces/')).rejects.toMatchObject({ status: 401 });
    expect(server.refreshCalls).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not refresh for calls without auth (a wrong password is just a 401)', async () => {
    const message = 'No active account found with the given credentials.';
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json(401, errorBody(message, 'bad_credentials')),
    );
    vi.stubGlobal('fetch', fetchMock);
    signInAs('access-1', 'refresh-1');

    const error = await api
      .post('/api/token/', { username: 'a@b.c', password: 'nope' }, { auth: false })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
    expect((error as ApiError).errorBody?.code).toBe('bad_credentials');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBeNull();
    expect(getAccessToken()).toBe('access-1');
  });

  it("carries the server's status, message and field errors", async () => {
    const body = {
      ...errorBody('Use at least 8 characters for the password.', 'validation_error'),
      fields: { password: 'Use at least 8 characters for the password.' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, body)),
    );

    const error = (await api
      .post('/api/user/register/', {}, { auth: false })
      .catch((caught: unknown) => caught)) as ApiError;

    expect(error.status).toBe(400);
    expect(error.message).toBe('Use at least 8 characters for the password.');
    expect(error.fields).toEqual({ password: 'Use at least 8 characters for the password.' });
  });

  it('reports a request that got no answer as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    await expect(api.get('/healthz')).rejects.toMatchObject({ status: 0, message: networkErrorMessage });
  });

  it('sends FormData as multipart, without a JSON content type', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json(201, { ok: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('workspace_id', '3');

    await api.post('/workspace/upload_designs/', form);

    const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });
});
