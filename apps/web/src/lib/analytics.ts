/**
 * The data layer of SPEC.md section 7 "Analytics": events are pushed to `window.dataLayer` for a tag
 * manager to pick up. No external script is loaded by the app itself.
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

/** The page view pushed once on app start. */
export function trackPageView(): void {
  pushAnalyticsEvent({
    event: 'page_view',
    page_path: window.location.pathname,
    page_title: document.title,
  });
}

/** Pushed after a successful registration. */
export function trackAccountCreated(): void {
  pushAnalyticsEvent({ event: 'analytics', category: 'User', action: 'Created an Account' });
}
