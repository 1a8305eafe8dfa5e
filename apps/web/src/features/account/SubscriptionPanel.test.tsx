import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingMessages, type CurrentSubscription } from '@podflow/contract/billing';
import { saveSignIn } from '../../api/session';
import { errorBody, json } from '../../test/fake-api';
import { fakeJwt, renderRoutes } from '../../test/render';
import { AccountPage } from './AccountPage';

const GB = 1024 ** 3;

/** A seller on the free plan of a server with Stripe configured, using little of it. */
function buildSubscription(
  plan: Partial<CurrentSubscription['subscription_plan']> = {},
  rest: Partial<Omit<CurrentSubscription, 'subscription_plan'>> = {},
): CurrentSubscription {
  return {
    subscription_plan: {
      price_id: null,
      plan: 'starter',
      name: 'Starter',
      status: 'none',
      cancel_at_period_end: false,
      current_period_end: null,
      ...plan,
    },
    usage: {
      designs_in_fullest_workspace: 4,
      design_slots_per_workspace: 10,
      storage_bytes_used: 0.5 * GB,
      storage_bytes: 2 * GB,
      ai_tokens_used: 12,
      ai_tokens_per_month: 50,
    },
    prices: [
      { plan: 'starter', price_id: null },
      { plan: 'basic', price_id: 'price_basic' },
      { plan: 'premium', price_id: 'price_premium' },
    ],
    payments_available: true,
    portal_available: false,
    ...rest,
  };
}

const onBasic = (plan: Partial<CurrentSubscription['subscription_plan']> = {}) =>
  buildSubscription(
    {
      price_id: 'price_basic',
      plan: 'basic',
      name: 'Basic',
      status: 'active',
      current_period_end: '2026-03-04T12:00:00.000Z',
      ...plan,
    },
    {
      usage: { ...buildSubscription().usage, design_slots_per_workspace: 50, storage_bytes: 10 * GB },
      portal_available: true,
    },
  );

type Answer = Response | Promise<Response>;

interface ServerOptions {
  current?: () => Answer;
  checkout?: (body: unknown) => Answer;
  portal?: () => Answer;
}

/** The subscription calls as the server answers them; an answer may be held back (a promise). */
function fakeServer(options: ServerOptions = {}) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://podflow.test').pathname;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ path, body });
      switch (path) {
        case '/subscription_app/current-subscription/':
          return options.current?.() ?? json(200, buildSubscription());
        case '/subscription_app/create-checkout-session/':
          return (
            options.checkout?.(body) ?? json(200, { id: 'cs_1', url: 'https://checkout.stripe.test/cs_1' })
          );
        case '/subscription_app/billing-portal/':
          return options.portal?.() ?? json(200, { url: 'https://billing.stripe.test/bps_1' });
        default:
          return json(404, errorBody('Not found', 'not_found'));
      }
    }),
  );
  const callsTo = (path: string) => calls.filter((call) => call.path.endsWith(path));
  return { calls, callsTo, count: (path: string) => callsTo(path).length };
}

const routes = [
  { path: '/account', element: <AccountPage /> },
  { path: '/login', element: <h1>Sign in to your account</h1> },
];

const card = (name: string) => screen.getByRole('article', { name: `${name} plan` });
const button = (name: string) => screen.getByRole('button', { name });

let assign: ReturnType<typeof vi.fn>;

function signIn() {
  saveSignIn({
    access: fakeJwt(Math.floor(Date.now() / 1000) + 3600),
    refresh: 'refresh-token',
    user: { username: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  });
}

async function renderLoaded() {
  renderRoutes(routes, '/account');
  await screen.findByRole('progressbar', { name: 'Storage' });
}

describe('Account > Subscription', () => {
  beforeEach(() => {
    assign = vi.fn();
    // jsdom's location cannot be spied on; a stand-in records where the page was sent.
    vi.stubGlobal('location', { ...window.location, assign });
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('labels the current plan’s card Current Subscription and offers Subscribe only on the others', async () => {
    fakeServer({ current: () => json(200, onBasic()) });
    await renderLoaded();

    expect(screen.getByText('You are on the Basic plan.', { exact: false })).toBeTruthy();
    expect(within(card('Basic')).getByText('Current Subscription')).toBeTruthy();
    expect(within(card('Basic')).getByText('Popular')).toBeTruthy();
    expect(within(card('Basic')).getByText('Renews on March 4, 2026')).toBeTruthy();
    expect(screen.getAllByText('Current Subscription')).toHaveLength(1);
    // One subscription at a time: the other plans go through the billing portal, no Subscribe.
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).toBeNull();
    expect(
      within(card('Starter')).getByText('To move to Starter, cancel your plan in Manage billing.'),
    ).toBeTruthy();
    expect(within(card('Premium')).getByText('To switch to Premium, use Manage billing.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).toBeNull();
  });

  it('on the free plan, Starter is current and Basic and Premium have Subscribe', async () => {
    fakeServer();
    await renderLoaded();

    expect(within(card('Starter')).getByText('Current Subscription')).toBeTruthy();
    expect(within(card('Starter')).queryByRole('button')).toBeNull();
    expect(within(card('Basic')).getByRole('button', { name: 'Subscribe to Basic' })).toBeTruthy();
    expect(within(card('Premium')).getByRole('button', { name: 'Subscribe to Premium' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('Subscribe sends the plan’s price and the coupon, then goes to Stripe’s checkout', async () => {
    let answer: (response: Response) => void = () => {};
    const server = fakeServer({ checkout: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderLoaded();

    fireEvent.change(screen.getByRole('textbox', { name: 'Coupon code' }), {
      target: { value: ' SPRING25 ' },
    });
    fireEvent.click(button('Subscribe to Premium'));

    await waitFor(() =>
      expect(server.callsTo('/create-checkout-session/')[0]?.body).toEqual({
        priceId: 'price_premium',
        couponCode: 'SPRING25',
      }),
    );
    // Loading, and no second checkout meanwhile.
    expect(button('Subscribe to Premium').getAttribute('data-loading')).toBe('true');
    expect(button('Subscribe to Basic').hasAttribute('disabled')).toBe(true);

    answer(json(200, { id: 'cs_9', url: 'https://checkout.stripe.test/c/pay/cs_9' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_9'));
  });

  it('without a coupon, Subscribe sends the price alone', async () => {
    const server = fakeServer();
    await renderLoaded();
    fireEvent.click(button('Subscribe to Basic'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(server.callsTo('/create-checkout-session/')[0]?.body).toEqual({ priceId: 'price_basic' });
  });

  it('an unknown coupon is explained under the field and nothing is left for', async () => {
    const sentence = billingMessages.couponUnknown('NOPE');
    fakeServer({
      checkout: () =>
        json(400, { ...errorBody(sentence, 'coupon_unknown'), fields: { couponCode: sentence } }),
    });
    await renderLoaded();

    const field = screen.getByRole('textbox', { name: 'Coupon code' });
    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.click(button('Subscribe to Basic'));

    expect(await screen.findByText(sentence)).toBeTruthy();
    // Said next to the Subscribe that was pressed too, where the seller is looking.
    expect(within(card('Basic')).getByRole('alert').textContent).toBe(
      'The coupon code was not accepted: see the message at the coupon field above.',
    );
    expect(within(card('Premium')).queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByText(sentence).id);
    expect(document.activeElement).toBe(field);
    expect(assign).not.toHaveBeenCalled();
    // Subscribe can be used again, and editing the code clears the message.
    expect(button('Subscribe to Basic').hasAttribute('disabled')).toBe(false);
    fireEvent.change(field, { target: { value: 'SPRING25' } });
    expect(screen.queryByText(sentence)).toBeNull();
    expect(within(card('Basic')).queryByRole('alert')).toBeNull();
  });

  it('a checkout that fails is explained under the Subscribe that was pressed', async () => {
    fakeServer({ checkout: () => json(502, errorBody('Stripe could not be reached.', 'upstream')) });
    await renderLoaded();
    fireEvent.click(button('Subscribe to Premium'));
    const message = await within(card('Premium')).findByRole('alert');
    expect(message.textContent).toContain('Stripe could not be reached.');
    expect(within(card('Basic')).queryByRole('alert')).toBeNull();
    expect(button('Subscribe to Premium').hasAttribute('disabled')).toBe(false);
  });

  it('a refused checkout says why and shows the plan as it is now', async () => {
    const server = fakeServer({
      checkout: () => json(409, errorBody(billingMessages.alreadyOnPlan, 'already_subscribed')),
    });
    await renderLoaded();
    fireEvent.click(button('Subscribe to Basic'));

    expect((await screen.findByRole('alert')).textContent).toContain(billingMessages.alreadyOnPlan);
    await waitFor(() => expect(server.count('/current-subscription/')).toBe(2));
    expect(assign).not.toHaveBeenCalled();
  });

  it('without payments on the server, Subscribe is disabled and says why', async () => {
    fakeServer({ current: () => json(200, buildSubscription({}, { payments_available: false })) });
    await renderLoaded();

    for (const name of ['Basic', 'Premium']) {
      const subscribe = within(card(name)).getByRole('button', { name: `Subscribe to ${name}` });
      expect(subscribe.hasAttribute('disabled')).toBe(true);
      const reason = within(card(name)).getByText(billingMessages.paymentsUnavailable);
      expect(subscribe.getAttribute('aria-describedby')).toBe(reason.id);
    }
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(within(card('Starter')).getByText('Current Subscription')).toBeTruthy();
  });

  it('Manage billing opens Stripe’s billing portal', async () => {
    const server = fakeServer({ current: () => json(200, onBasic()) });
    await renderLoaded();
    fireEvent.click(button('Manage billing'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/bps_1'));
    expect(server.count('/billing-portal/')).toBe(1);
  });

  it('a billing portal that cannot open says so', async () => {
    fakeServer({
      current: () => json(200, onBasic()),
      portal: () => json(502, errorBody(billingMessages.providerDown, 'payments_unreachable')),
    });
    await renderLoaded();
    fireEvent.click(button('Manage billing'));
    expect((await screen.findByRole('alert')).textContent).toContain(billingMessages.providerDown);
    expect(assign).not.toHaveBeenCalled();
  });

  it('warns when the last payment failed and says when a cancelled plan ends', async () => {
    fakeServer({
      current: () => json(200, onBasic({ status: 'past_due', cancel_at_period_end: true })),
    });
    await renderLoaded();
    expect(screen.getByRole('alert').textContent).toBe(
      'Your last payment failedUpdate your card in Manage billing to keep your Basic plan.',
    );
    const basic = card('Basic');
    expect(within(basic).getByText('Last payment failed')).toBeTruthy();
    expect(within(basic).getByText('Ends on March 4, 2026')).toBeTruthy();
    expect(within(basic).queryByText(/Renews on/)).toBeNull();
  });

  it('shows usage as labelled bars, and the over-limit rule once', async () => {
    fakeServer({
      current: () =>
        json(
          200,
          buildSubscription(
            {},
            {
              usage: {
                designs_in_fullest_workspace: 14,
                design_slots_per_workspace: 10,
                storage_bytes_used: 1.5 * GB,
                storage_bytes: 2 * GB,
                ai_tokens_used: 61,
                ai_tokens_per_month: 50,
              },
            },
          ),
        ),
    });
    await renderLoaded();

    const designs = screen.getByRole('progressbar', { name: 'Designs in your fullest workspace' });
    expect(designs.getAttribute('aria-valuetext')).toBe('14 / 10, over the limit');
    expect(screen.getByText('14 / 10')).toBeTruthy();
    const storage = screen.getByRole('progressbar', { name: 'Storage' });
    expect(storage.getAttribute('aria-valuetext')).toBe('1.5 GB / 2 GB');
    expect(storage.getAttribute('aria-valuenow')).toBe(String(1.5 * GB));
    expect(storage.getAttribute('aria-valuemax')).toBe(String(2 * GB));
    const tokens = screen.getByRole('progressbar', { name: 'AI tokens this month' });
    expect(tokens.getAttribute('aria-valuetext')).toBe('61 / 50, over the limit');
    expect(screen.getAllByText(billingMessages.overLimit)).toHaveLength(1);
  });

  it('says nothing about limits while within them', async () => {
    fakeServer();
    await renderLoaded();
    expect(screen.getByText('4 / 10')).toBeTruthy();
    expect(screen.getByText('512 MB / 2 GB')).toBeTruthy();
    expect(screen.getByText('12 / 50')).toBeTruthy();
    expect(screen.queryByText(billingMessages.overLimit)).toBeNull();
  });

  it('shows a skeleton while loading, then the error with Try again', async () => {
    let fail = true;
    fakeServer({
      current: () =>
        fail ? json(404, errorBody('No such account.', 'not_found')) : json(200, buildSubscription()),
    });
    renderRoutes(routes, '/account');
    expect(screen.getByRole('status', { name: 'Loading your subscription' })).toBeTruthy();
    expect(within(card('Basic')).queryByRole('button')).toBeNull();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No such account.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('progressbar', { name: 'Storage' })).toBeTruthy();
    expect(button('Subscribe to Basic')).toBeTruthy();
  });
});

describe('Account > Subscription, signed out', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor who presses Subscribe to /login without asking for a plan', async () => {
    const server = fakeServer();
    renderRoutes([{ path: '/account', element: <AccountPage /> }, ...routes.slice(1)], '/account');
    fireEvent.click(button('Subscribe to Basic'));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
