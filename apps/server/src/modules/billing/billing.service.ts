import {
  type CurrentSubscription,
  type PlanPrice,
  type SubscriptionStatus,
  billingMessages,
  liveSubscriptionStatuses,
  subscriptionStatuses,
} from '@podflow/contract/billing';
import { type PlanId, planById, plans } from '@podflow/contract/plans';
import { type ProviderAttempt, ProviderError } from '@podflow/providers/http';
import {
  type StripeEvent,
  type StripeSubscription,
  WebhookSignatureError,
  stripeClient,
  verifyWebhook,
} from '@podflow/providers/stripe';
import type { Config } from '../../config.ts';
import { UserError } from '../../platform/errors.ts';
import type { BillingEffect, BillingRepo, SubscriptionState } from './billing.repo.ts';

export type BillingDeps = {
  repo: BillingRepo;
  stripe: Config['stripe'];
  timeoutMs: number;
  /** Told of every Stripe call's attempts (the metrics). */
  onAttempt?: (attempt: ProviderAttempt) => void;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
};

/**
 * Stripe refused what this server sent (a price id it does not know, a revoked key): the operator
 * must fix the configuration, so "try again in a minute" would mislead. Said as 503, like payments
 * that are not configured at all.
 */
export const paymentsMisconfigured =
  'Payments are not set up correctly on this server, so this plan cannot be bought right now. Please tell us through the Contact page.';

/**
 * A live Stripe account whose customer portal settings were never saved refuses every portal
 * session (400 "No configuration provided and your live mode default configuration has not been
 * created"): the operator must save them once, so the sentence says where.
 */
export const portalNotSetUp =
  'Manage billing is not set up on this server yet. Set up the customer portal in your Stripe dashboard (Settings > Billing > Customer portal); until then, tell us through the Contact page to change or cancel a plan.';
const noPortalConfiguration = 'default configuration has not been created';

const statuses = new Set<string>(subscriptionStatuses);

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/**
 * The parsed body as an event, or undefined when it lacks what every Stripe event has. (JSON that
 * is not an object has no string id, so it needs no check of its own; nor does a `data` that is
 * not an object, which has no `data.object`.)
 */
function eventOf(value: unknown): StripeEvent | undefined {
  const event = asRecord(value);
  const data = asRecord(event.data);
  const ok =
    asString(event.id) !== undefined &&
    asString(event.type) !== undefined &&
    data.object === asRecord(data.object);
  return ok ? (event as StripeEvent) : undefined;
}

/**
 * Subscriptions on Stripe: checkout and the billing portal for the seller, and the webhook that
 * alone changes a plan. Each event is applied once, and always as the state Stripe holds now (the
 * subscription is read back), so repeated and out-of-order deliveries end the same.
 */
export function billingService(deps: BillingDeps) {
  const { repo, stripe: settings, log } = deps;
  const client = settings
    ? stripeClient({
        secretKey: settings.secretKey,
        baseUrl: settings.baseUrl,
        apiVersion: settings.apiVersion,
        timeoutMs: deps.timeoutMs,
        ...(deps.onAttempt && { onAttempt: deps.onAttempt }),
      })
    : undefined;
  const priceOf: Record<PlanId, string | null> = {
    starter: null,
    basic: settings?.prices.basic ?? null,
    premium: settings?.prices.premium ?? null,
  };
  const planOfPrice = (priceId: string | null): PlanId =>
    (Object.entries(priceOf).find(([, id]) => id !== null && id === priceId)?.[0] as PlanId) ?? 'starter';

  function require() {
    if (!client)
      throw new UserError(503, billingMessages.paymentsUnavailable, { code: 'payments_unavailable' });
    return client;
  }

  /**
   * A failed Stripe call as the seller should hear it: Stripe refusing the request (a 4xx that
   * retrying cannot change) is this server's configuration (503, logged for the operator; a
   * customer portal never set up says so); Stripe
   * down, throttled, busy with the same object (409, a lock) or answering garbage is 502, worth
   * trying again.
   */
  const unreachable = (error: unknown) => {
    if (!(error instanceof ProviderError)) return error;
    if (error.status >= 400 && error.status !== 409 && !error.retryable) {
      if (error.message.includes(noPortalConfiguration)) {
        log.error(
          { err: error },
          'stripe has no customer portal configuration: save its settings in the dashboard',
        );
        return new UserError(503, portalNotSetUp, { code: 'portal_not_set_up' });
      }
      log.error({ err: error }, 'stripe refused the call: check STRIPE_SECRET_KEY and STRIPE_PRICE_*');
      return new UserError(503, paymentsMisconfigured, { code: 'payments_misconfigured' });
    }
    return new UserError(502, billingMessages.providerDown, { code: 'payments_unreachable' });
  };

  /** The plan a subscription in this state gives. */
  function stateOf(subscription: StripeSubscription): SubscriptionState {
    const item = subscription.items.data[0];
    const priceId = item?.price.id ?? null;
    return {
      customer: subscription.customer,
      subscriptionId: subscription.id,
      status: subscription.status,
      priceId,
      plan: liveSubscriptionStatuses.has(subscription.status) ? planOfPrice(priceId) : 'starter',
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodEnd: item ? item.current_period_end * 1000 : null,
    };
  }

  /** Which user and subscription an event is about; undefined when it concerns no PodFlow user. */
  async function subjectOf(
    event: StripeEvent,
  ): Promise<{ userId: string; subscriptionId: string } | undefined> {
    const object = asRecord(event.data.object);
    const customer = asString(object.customer);
    const byCustomer = async () => (customer ? await repo.userByCustomer(customer) : undefined);
    switch (event.type) {
      case 'checkout.session.completed': {
        const userId = asString(object.client_reference_id);
        const subscriptionId = asString(object.subscription);
        if (!userId || !subscriptionId || !(await repo.userExists(userId))) return undefined;
        return { userId, subscriptionId };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscriptionId = asString(object.id);
        const userId = (await byCustomer()) ?? asString(asRecord(object.metadata).user_id);
        if (!subscriptionId || !userId || !(await repo.userExists(userId))) return undefined;
        return { userId, subscriptionId };
      }
      case 'invoice.payment_failed':
      case 'invoice.paid': {
        const details = asRecord(asRecord(object.parent).subscription_details);
        const subscriptionId = asString(details.subscription) ?? asString(object.subscription);
        const userId = await byCustomer();
        if (!subscriptionId || !userId) return undefined;
        return { userId, subscriptionId };
      }
    }
    // Any other type concerns no subscription.
    return undefined;
  }

  /** A signed body that is not an event: logged (with its start, for whoever sent it) and refused, with no effect. */
  function refuseWebhook(rawBody: Buffer, reason: string): UserError {
    log.warn(
      { reason, bytes: rawBody.length, start: rawBody.subarray(0, 200).toString('utf8') },
      'stripe webhook refused: not an event',
    );
    return new UserError(
      400,
      `The webhook was signed but is not a Stripe event: ${reason}. Send the event object as Stripe signed it.`,
      { code: 'event_invalid' },
    );
  }

  /** Reads the subscription until two reads agree with what was written (events that raced settle). */
  async function settle(effect: BillingEffect): Promise<void> {
    const stripe = require();
    for (let round = 0; round < 3; round += 1) {
      const now = stateOf(await stripe.retrieveSubscription(effect.state.subscriptionId));
      if (JSON.stringify(now) === JSON.stringify(effect.state)) return;
      effect = { userId: effect.userId, state: now };
      await repo.applyState(effect);
    }
  }

  return {
    async current(userId: string): Promise<CurrentSubscription> {
      const row = await repo.billingOf(userId);
      if (!row) throw new UserError(404, 'No such account.', { code: 'not_found' });
      const plan = planById(row.plan);
      const month = new Date().toISOString().slice(0, 7);
      const prices: PlanPrice[] = plans.map((p) => ({ plan: p.id, price_id: priceOf[p.id] }));
      return {
        subscription_plan: {
          price_id: row.subscription_price_id && plan.id !== 'starter' ? row.subscription_price_id : null,
          plan: plan.id,
          name: plan.name,
          status: (statuses.has(row.subscription_status)
            ? row.subscription_status
            : 'none') as SubscriptionStatus,
          cancel_at_period_end: row.cancel_at_period_end === 1,
          current_period_end:
            row.current_period_end === null ? null : new Date(Number(row.current_period_end)).toISOString(),
        },
        usage: {
          designs_in_fullest_workspace: await repo.fullestWorkspace(userId),
          design_slots_per_workspace: plan.designSlotsPerWorkspace,
          storage_bytes_used: Number(row.storage_used_bytes),
          storage_bytes: plan.storageBytes,
          ai_tokens_used: row.ai_tokens_period === month ? Number(row.ai_tokens_used) : 0,
          ai_tokens_per_month: plan.aiTokensPerMonth,
        },
        prices,
        payments_available: client !== undefined,
        portal_available: client !== undefined && row.stripe_customer_id !== null,
      };
    },

    /** A hosted Checkout Session for a paid plan; the plan changes only when Stripe's webhook says so. */
    async checkout(
      userId: string,
      input: { priceId: string; couponCode?: string },
      origin: string,
    ): Promise<{ id: string; url: string }> {
      const stripe = require();
      const row = await repo.billingOf(userId);
      if (!row) throw new UserError(404, 'No such account.', { code: 'not_found' });
      if (planOfPrice(input.priceId) === 'starter') {
        throw new UserError(400, billingMessages.priceUnknown, { code: 'price_unknown' });
      }
      if (liveSubscriptionStatuses.has(row.subscription_status) && row.plan !== 'starter') {
        throw new UserError(409, billingMessages.alreadyOnPlan, { code: 'already_subscribed' });
      }
      try {
        const discount = input.couponCode ? await stripe.findDiscount(input.couponCode) : undefined;
        if (input.couponCode && !discount) {
          throw new UserError(400, billingMessages.couponUnknown(input.couponCode), {
            code: 'coupon_unknown',
            fields: { couponCode: billingMessages.couponUnknown(input.couponCode) },
          });
        }
        const session = await stripe.createCheckoutSession({
          priceId: input.priceId,
          clientReferenceId: userId,
          successUrl: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${origin}/failure`,
          ...(row.stripe_customer_id ? { customer: row.stripe_customer_id } : { customerEmail: row.email }),
          ...(discount ? { discount } : {}),
          metadata: { user_id: userId },
        });
        if (!session.url)
          throw new UserError(502, billingMessages.providerDown, { code: 'payments_unreachable' });
        return { id: session.id, url: session.url };
      } catch (error) {
        throw unreachable(error);
      }
    },

    /** A link to Stripe's billing portal (cancel, change card or plan), coming back to the account page. */
    async portal(userId: string, origin: string): Promise<{ url: string }> {
      const stripe = require();
      const row = await repo.billingOf(userId);
      if (!row?.stripe_customer_id)
        throw new UserError(400, billingMessages.noCustomer, { code: 'no_customer' });
      try {
        const session = await stripe.createPortalSession({
          customer: row.stripe_customer_id,
          returnUrl: `${origin}/account`,
        });
        return { url: session.url };
      } catch (error) {
        throw unreachable(error);
      }
    },

    /**
     * A webhook delivery: the signature checked on the raw body (300 s tolerance), then the event
     * applied once with the subscription as Stripe holds it now. Answers whether it was applied.
     */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
      const stripe = require();
      let parsed: unknown;
      try {
        parsed = verifyWebhook(rawBody, signature, settings!.webhookSecret);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new UserError(400, error.message, { code: 'signature_invalid' });
        }
        // verifyWebhook throws nothing else but JSON.parse's SyntaxError, for a correctly signed body.
        throw refuseWebhook(rawBody, 'its body is not JSON');
      }
      const event = eventOf(parsed);
      if (!event) {
        throw refuseWebhook(rawBody, 'it has no string id, no string type or no data.object');
      }
      const subject = await subjectOf(event);
      const effect = subject
        ? {
            userId: subject.userId,
            state: stateOf(await stripe.retrieveSubscription(subject.subscriptionId)),
          }
        : undefined;
      const applied = await repo.applyEvent(event, effect);
      log.info({ event: event.id, type: event.type, applied, user: subject?.userId }, 'stripe event');
      if (applied && effect) await settle(effect);
      return applied;
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
