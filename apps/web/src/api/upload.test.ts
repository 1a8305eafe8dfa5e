import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, clientRefreshPath, configureApiClient } from './client';
import { getAccessToken, saveSignIn } from './session';
import { uploadForm, type UploadProgress } from './upload';

/** A stand-in XMLHttpRequest: reports progress, then answers as `respond` says for the token sent. */
function fakeXhr(respond: (token: string | null) => { status: number; body: unknown } | 'network-error') {
  const sent: { url: string; token: string | null; withCredentials: boolean }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers = new Map<string, string>();
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name.toLowerCase(), value);
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      const token = this.headers.get('authorization')?.replace('Bearer ', '') ?? null;
      sent.push({ url: this.url, token, withCredentials: this.withCredentials });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 } as ProgressEvent);
        const answer = respond(token);
        if (answer === 'network-error') {
          this.onerror?.();
          return;
        }
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 1);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('uploadForm', () => {
  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
    saveSignIn({
      access: 'stale-access',
      refresh: 'refresh-1',
      user: { username: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token, reports progress, and refreshes once on 401', async () => {
    const xhr = fakeXhr((token) =>
      token === 'access-2'
        ? { status: 201, body: { stored: 1 } }
        : { status: 401, body: { detail: 'Expired' } },
    );
    const fetchMock = vi.fn(async () => json(200, { access: 'access-2', refresh: 'refresh-2' }));
    vi.stubGlobal('fetch', fetchMock);
    const progress: UploadProgress[] = [];

    const form = new FormData();
    form.append('workspace_id', 'w1');
    await expect(
      uploadForm('/workspace/upload_designs/', form, { onProgress: (event) => progress.push(event) }),
    ).resolves.toEqual({ stored: 1 });

    expect(xhr.sent.map((request) => request.token)).toEqual(['stale-access', 'access-2']);
    expect(xhr.sent.every((request) => request.withCredentials)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain(clientRefreshPath);
    expect(getAccessToken()).toBe('access-2');
    expect(progress).toContainEqual({ loaded: 100, total: 100 });
  });

  it('throws the server answer as an ApiError, and status 0 when there is no answer', async () => {
    saveSignIn({
      access: 'access-ok',
      refresh: 'refresh-1',
      user: { username: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    });
    fakeXhr(() => ({ status: 403, body: { error: 'Designs quota exceeded' } }));
    const error = await uploadForm('/workspace/upload_designs/', new FormData()).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toBe('Designs quota exceeded');

    fakeXhr(() => 'network-error');
    const offline = await uploadForm('/workspace/upload_designs/', new FormData()).catch(
      (caught: unknown) => caught,
    );
    expect((offline as ApiError).status).toBe(0);
  });
});
