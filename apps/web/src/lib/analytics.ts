/**
 * The data layer of SPEC.md section 7 "Analytics": events are pushed to `window.dataLayer` for a tag
 * manager to pick up. The tag manager's script is loaded only when its container id is configured
 * (VITE_GTM_ID at build time); without it nothing leaves the browser.
 */
export type AnalyticsEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: AnalyticsEvent[];
  }
}

/** Appends an event to `window.dataLayer`, creating it when absent. */
export function pushAnalyticsEvent(event: AnalyticsEvent): void {
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

/** One page view: the address shown and the document's title. */
export function trackPageView(pagePath: string, pageTitle: string = document.title): void {
  pushAnalyticsEvent({ event: 'page_view', page_path: pagePath, page_title: pageTitle });
}

/** Pushed once an account has really been created (never on app start, unlike SPEC.md's original). */
export function trackAccountCreated(): void {
  pushAnalyticsEvent({ event: 'analytics', category: 'User', action: 'Created an Account' });
}

/** What a route may declare in its `handle`: the page's name, shown in the browser tab. */
export interface PageHandle {
  title?: string;
}

/** The parts of a data router (react-router's `createBrowserRouter`) that page tracking reads. */
export interface RouteChangeSource {
  state: {
    location: { pathname: string; search: string };
    matches: readonly { route: { handle?: unknown } }[];
  };
  subscribe(listener: (state: RouteChangeSource['state']) => void): () => void;
}

const siteName = 'PodFlow';

/** The document title for these matches: the deepest route's `handle.title`, then the site name. */
export function pageTitleOf(matches: RouteChangeSource['state']['matches']): string {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]?.route.handle as PageHandle | undefined)?.title;
    if (title) return `${title} · ${siteName}`;
  }
  return siteName;
}

/** Query values that are secrets or per-person ids: analytics sees only that they were there. */
const privateParams = ['token', 'session_id'];

/**
 * The address as analytics may see it: a password-reset link's token and private query values are
 * replaced by their names, so no tag manager ever receives them.
 */
export function publicAddress(pathname: string, search: string): string {
  const path = pathname.replace(/^\/reset-password\/[^/]+/, '/reset-password/:token');
  const params = new URLSearchParams(search);
  for (const key of privateParams) if (params.has(key)) params.set(key, `:${key}`);
  const query = params.toString().replace(/%3A/g, ':');
  return query ? `${path}?${query}` : path;
}

/**
 * Sets the document title and pushes a page view for the address at start, then again each time
 * the router settles on a new address (path or query; a change of hash alone is not a new page).
 * Returns the function that stops it.
 */
export function trackRouteChanges(router: RouteChangeSource): () => void {
  let last = '';
  const follow = (state: RouteChangeSource['state']) => {
    const address = state.location.pathname + state.location.search;
    if (address === last) return;
    last = address;
    document.title = pageTitleOf(state.matches);
    trackPageView(publicAddress(state.location.pathname, state.location.search), document.title);
  };
  follow(router.state);
  return router.subscribe(follow);
}

/** A Google Tag Manager container id, e.g. GTM-ABC1234. */
const containerIdPattern = /^GTM-[A-Z0-9]{4,12}$/;

/**
 * Loads the tag manager for this container id; does nothing when the id is absent or malformed.
 * Returns whether the script was added. The server's Content-Security-Policy must allow its origin.
 */
export function loadTagManager(containerId: string | undefined): boolean {
  const id = containerId?.trim() ?? '';
  if (!containerIdPattern.test(id)) return false;
  pushAnalyticsEvent({ event: 'gtm.js', 'gtm.start': Date.now() });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
  return true;
}
