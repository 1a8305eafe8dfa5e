import { afterEach, describe, expect, it } from 'vitest';
import {
  publicAddress,
  loadTagManager,
  pageTitleOf,
  trackAccountCreated,
  trackRouteChanges,
  type RouteChangeSource,
} from './analytics';

type State = RouteChangeSource['state'];

/** A stand-in for the data router: its state, and a way to move it as a navigation would. */
function fakeRouter(pathname: string, title?: string) {
  const listeners = new Set<(state: State) => void>();
  const stateAt = (path: string, search = '', pageTitle?: string): State => ({
    location: { pathname: path, search },
    matches: [{ route: {} }, { route: { handle: pageTitle ? { title: pageTitle } : undefined } }],
  });
  const router: RouteChangeSource = {
    state: stateAt(pathname, '', title),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const go = (path: string, search = '', pageTitle?: string) => {
    router.state = stateAt(path, search, pageTitle);
    for (const listener of listeners) listener(router.state);
  };
  return { router, go, listeners };
}

const pageViews = () => (window.dataLayer ?? []).filter((event) => event.event === 'page_view');

afterEach(() => {
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  document.title = '';
});

describe('page views', () => {
  it('pushes one on start and one for each new address, with the page title', () => {
    const { router, go } = fakeRouter('/');
    trackRouteChanges(router);
    expect(pageViews()).toEqual([{ event: 'page_view', page_path: '/', page_title: 'PodFlow' }]);

    go('/aboutus', '', 'About Us');
    go('/aboutus', '', 'About Us'); // the same address settling again is not a new page
    go('/account', '?tab=profile', 'Your Account');

    expect(pageViews()).toEqual([
      { event: 'page_view', page_path: '/', page_title: 'PodFlow' },
      { event: 'page_view', page_path: '/aboutus', page_title: 'About Us · PodFlow' },
      { event: 'page_view', page_path: '/account?tab=profile', page_title: 'Your Account · PodFlow' },
    ]);
    expect(document.title).toBe('Your Account · PodFlow');
  });

  it('stops when told to', () => {
    const { router, go, listeners } = fakeRouter('/');
    const stop = trackRouteChanges(router);
    stop();
    go('/returns');
    expect(listeners.size).toBe(0);
    expect(pageViews()).toHaveLength(1);
  });

  it('names a page by its deepest titled route', () => {
    expect(
      pageTitleOf([{ route: { handle: { title: 'Outer' } } }, { route: { handle: { title: 'Inner' } } }]),
    ).toBe('Inner · PodFlow');
    expect(pageTitleOf([{ route: { handle: { title: 'Outer' } } }, { route: {} }])).toBe('Outer · PodFlow');
    expect(pageTitleOf([])).toBe('PodFlow');
  });
});

describe('account created', () => {
  it('pushes the User / Created an Account event only when called', () => {
    const { router } = fakeRouter('/register', 'Register');
    trackRouteChanges(router);
    expect(window.dataLayer?.some((event) => event.event === 'analytics')).toBe(false);
    trackAccountCreated();
    expect(window.dataLayer).toContainEqual({
      event: 'analytics',
      category: 'User',
      action: 'Created an Account',
    });
  });
});

describe('tag manager', () => {
  const tagScripts = () => [...document.head.querySelectorAll('script')].map((script) => script.src);

  it('loads nothing without a container id', () => {
    expect(loadTagManager(undefined)).toBe(false);
    expect(loadTagManager('')).toBe(false);
    expect(tagScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it('refuses an id that is not a container id', () => {
    expect(loadTagManager('GTM-X"><script>')).toBe(false);
    expect(loadTagManager('UA-12345')).toBe(false);
    expect(tagScripts()).toEqual([]);
  });

  it('loads the container script once configured', () => {
    expect(loadTagManager(' GTM-AB12CD3 ')).toBe(true);
    expect(tagScripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3']);
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
  });
});

describe('public addresses', () => {
  it('never hands a password-reset token or a checkout session id to analytics', () => {
    expect(publicAddress('/reset-password/abc123secret', '')).toBe('/reset-password/:token');
    expect(publicAddress('/success', '?session_id=cs_test_123&plan=basic')).toBe(
      '/success?session_id=:session_id&plan=basic',
    );
    expect(publicAddress('/resources', '')).toBe('/resources');
  });
});
