import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentSubscription } from '@podflow/contract/billing';
import { saveSignIn } from '../../api/session';
import { json, stubApi } from '../../test/fake-api';
import { fakeJwt, renderRoutes } from '../../test/render';
import { PaymentFailurePage } from './PaymentFailurePage';
import { activationPollMs, activationWaitMs, PaymentSuccessPage } from './PaymentSuccessPage';

/** The current subscription on `plan` (only the part /success reads matters). */
function subscriptionOn(plan: 'starter' | 'basic', name: string): CurrentSubscription {
  return {
    subscription_plan: {
      price_id: plan === 'starter' ? null : `price_${plan}`,
      plan,
      name,
      status: plan === 'starter' ? 'none' : 'active',
      cancel_at_period_end: false,
      current_period_end: null,
    },
    usage: {
      designs_in_fullest_workspace: 0,
      design_slots_per_workspace: 10,
      storage_bytes_used: 0,
      storage_bytes: 1,
      ai_tokens_used: 0,
      ai_tokens_per_month: 50,
    },
    prices: [],
    payments_available: true,
    portal_available: true,
  };
}

const routes = [
  { path: '/success', element: <PaymentSuccessPage /> },
  { path: '/failure', element: <PaymentFailurePage /> },
];

function signIn() {
  saveSignIn({
    access: fakeJwt(Math.floor(Date.now() / 1000) + 3600),
    refresh: 'refresh-token',
    user: { username: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  });
}

const link = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('/success', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the webhook: polls the subscription until the plan is a paid one', async () => {
    signIn();
    let current = subscriptionOn('starter', 'Starter');
    const server = stubApi((url) =>
      url.includes('/subscription_app/current-subscription/') ? json(200, current) : undefined,
    );
    renderRoutes(routes, '/success?session_id=cs_1');

    expect(screen.getByRole('heading', { name: 'Subscription successful' })).toBeTruthy();
    expect(link('Your Account')).toBe('/account');
    expect((await screen.findByRole('status')).textContent).toBe('Activating your plan…');
    await act(() => vi.advanceTimersByTimeAsync(activationPollMs * 2));
    expect(server.count('/current-subscription/')).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('status').textContent).toBe('Activating your plan…');

    current = subscriptionOn('basic', 'Basic');
    await act(() => vi.advanceTimersByTimeAsync(activationPollMs));
    expect(screen.getByRole('status').textContent).toBe('Your Basic plan is active.');

    // Once active, it stops asking.
    const asked = server.count('/current-subscription/');
    await act(() => vi.advanceTimersByTimeAsync(activationPollMs * 4));
    expect(server.count('/current-subscription/')).toBe(asked);
  });

  it('after about 30 s without the plan, says calmly that the Account page will show it', async () => {
    signIn();
    const server = stubApi((url) =>
      url.includes('/current-subscription/') ? json(200, subscriptionOn('starter', 'Starter')) : undefined,
    );
    renderRoutes(routes, '/success');
    expect((await screen.findByRole('status')).textContent).toBe('Activating your plan…');

    await act(() => vi.advanceTimersByTimeAsync(activationWaitMs + activationPollMs));
    expect(screen.getByRole('status').textContent).toContain(
      'Activating the plan can take a minute; your Account page shows it as soon as it is ready.',
    );
    expect(screen.queryByText(/plan is active/)).toBeNull();
    const asked = server.count('/current-subscription/');
    expect(asked).toBeGreaterThanOrEqual(15);
    expect(asked).toBeLessThanOrEqual(22);
    await act(() => vi.advanceTimersByTimeAsync(activationPollMs * 4));
    expect(server.count('/current-subscription/')).toBe(asked);
  });

  it('signed out, asks nothing and points to the Account page', async () => {
    const server = stubApi(() => undefined);
    renderRoutes(routes, '/success');
    expect(screen.getByRole('heading', { name: 'Subscription successful' })).toBeTruthy();
    expect(screen.getByText('Thank you! Sign in to see your plan on your Account page.')).toBeTruthy();
    expect(link('Your Account')).toBe('/account');
    await act(() => vi.advanceTimersByTimeAsync(activationPollMs * 3));
    expect(server.calls).toHaveLength(0);
  });
});

describe('/failure', () => {
  it('says the subscription failed, to try again, and links Home and Your Account', () => {
    renderRoutes(routes, '/failure');
    expect(screen.getByRole('heading', { name: 'Subscription failed' })).toBeTruthy();
    expect(screen.getByText('Please try again')).toBeTruthy();
    expect(link('Home')).toBe('/');
    expect(link('Your Account')).toBe('/account');
  });
});
