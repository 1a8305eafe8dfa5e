import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/client';
import { getAccessToken, getRefreshToken, saveSignIn } from '../api/session';
import { fakeJwt, renderRoutes } from '../test/render';
import { SessionGuard } from './SessionGuard';

const routes = [
  { path: '/login', element: <h1>Sign in to your account</h1> },
  { element: <SessionGuard />, children: [{ path: '/welcome', element: <h1>Your Workspaces</h1> }] },
];

const user = { username: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('SessionGuard', () => {
  beforeEach(() => configureApiClient({ baseUrl: '', onSessionExpired: () => {} }));
  afterEach(() => vi.unstubAllGlobals());

  it('sends a signed-out visitor to sign in', async () => {
    renderRoutes(routes, '/welcome');
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
  });

  it('shows the page for a valid access token without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    saveSignIn({ access: fakeJwt(nowSeconds() + 600), refresh: 'r1', user });
    renderRoutes(routes, '/welcome');
    expect(await screen.findByRole('heading', { name: 'Your Workspaces' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes an expired access token, stores the new pair and shows the page', async () => {
    const fresh = fakeJwt(nowSeconds() + 600);
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ access: fresh, refresh: 'r2' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    saveSignIn({ access: fakeJwt(nowSeconds() - 5), refresh: 'r1', user });

    renderRoutes(routes, '/welcome');

    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your Workspaces' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/token/refresh/');
    expect(JSON.parse(String(init.body))).toEqual({ refresh: 'r1' });
    expect(getAccessToken()).toBe(fresh);
    expect(getRefreshToken()).toBe('r2');
  });

  it('clears the session and sends the user to sign in when the refresh is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401, headers: { 'Content-Type': 'application/json' } })),
    );
    saveSignIn({ access: fakeJwt(nowSeconds() - 5), refresh: 'spent', user });

    renderRoutes(routes, '/welcome');

    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    await waitFor(() => expect(getAccessToken()).toBeNull());
    expect(getRefreshToken()).toBeNull();
  });

  it('keeps the session and offers to try again when the refresh does not get through', async () => {
    const fresh = fakeJwt(nowSeconds() + 600);
    let online = false;
    const fetchMock = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ access: fresh, refresh: 'r2' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    saveSignIn({ access: fakeJwt(nowSeconds() - 5), refresh: 'r1', user });

    renderRoutes(routes, '/welcome');

    expect(
      await screen.findByText('No response from server. Check your network or server status.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in to your account' })).toBeNull();
    expect(getRefreshToken()).toBe('r1');

    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your Workspaces' })).toBeTruthy();
    expect(getRefreshToken()).toBe('r2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
