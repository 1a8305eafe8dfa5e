import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Params, isParams, textOf } from './stripe-sandbox-form.ts';
import { checkoutPage, layout, messagePage, money, portalPage, escapeHtml } from './stripe-sandbox-html.ts';
import type { StripeStore } from './stripe-sandbox-store.ts';
import type { CheckoutSessionObject } from './stripe-sandbox-types.ts';

/**
 * The pages a seller clicks through in a browser (no API key, as on checkout.stripe.com and
 * billing.stripe.com): the hosted Checkout page (/c/pay/:id), the billing portal
 * (/p/session/:id) and an invoice (/i/:id). Each form posts back and is answered with a 303, so a
 * reload never pays twice; the redirect waits until the webhooks of the action were delivered.
 */

/** 4000 0000 0000 0002, Stripe's generic-decline test card. */
const declinedCard = '4000000000000002';
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').send(body);

const formOf = (body: unknown): Params => (isParams(body) ? body : {});

/** Where the seller goes after paying: success_url with {CHECKOUT_SESSION_ID} filled in. */
export function successUrlOf(session: CheckoutSessionObject): string | undefined {
  return session.success_url
    ?.replaceAll('{CHECKOUT_SESSION_ID}', session.id)
    .replaceAll('%7BCHECKOUT_SESSION_ID%7D', session.id);
}

export function registerStripePages(app: FastifyInstance, store: StripeStore): void {
  const notFound = (reply: FastifyReply) =>
    html(reply, 404, messagePage('Page not found', 'This link is not valid. Go back and start again.'));

  /** The page of a session that cannot be paid any more. */
  function closedPage(reply: FastifyReply, session: CheckoutSessionObject) {
    if (session.status === 'expired') {
      const back = session.cancel_url ? { href: session.cancel_url, label: '← Back' } : undefined;
      return html(reply, 410, messagePage('Checkout expired', 'This checkout session has expired.', back));
    }
    const next = successUrlOf(session);
    const link = next ? { href: next, label: 'Continue' } : undefined;
    return html(
      reply,
      200,
      messagePage('Payment complete', 'You have already paid for this subscription.', link),
    );
  }

  app.get('/c/pay/:id', async (request, reply) => {
    const session = store.sessions.get((request.params as { id: string }).id);
    if (!session) return notFound(reply);
    if (session.status !== 'open') return closedPage(reply, session);
    const customer = session.customer ? store.customers.get(session.customer) : undefined;
    const email = customer?.email ?? session.customer_email ?? '';
    const error = store.declines.get(session.id);
    return html(reply, 200, checkoutPage(store, session, { email, ...(error && { error }) }));
  });

  app.post('/c/pay/:id', async (request, reply) => {
    const session = store.sessions.get((request.params as { id: string }).id);
    if (!session) return notFound(reply);
    if (session.status === 'complete' && successUrlOf(session))
      return reply.redirect(successUrlOf(session)!, 303);
    if (session.status !== 'open') return closedPage(reply, session);
    const form = formOf(request.body);
    const customer = session.customer ? store.customers.get(session.customer) : undefined;
    const email = customer?.email ?? (textOf(form.email) ?? '').trim();
    const promotionCode = (textOf(form.promotion_code) ?? '').trim();
    const again = (status: number, error: string) =>
      html(reply, status, checkoutPage(store, session, { email, error, promotionCode }));
    if (!customer && !emailPattern.test(email)) return again(400, 'Enter a valid email address.');
    const card = (textOf(form.card) ?? '').replace(/\D/g, '');
    if (card.length < 12) return again(400, 'Enter a card number.');
    if (promotionCode && !store.applyPromotionCode(session.id, promotionCode)) {
      return again(400, 'This code is invalid.');
    }
    if (card === declinedCard) {
      await store.completeCheckout(session.id, { decline: true });
      return again(402, store.declines.get(session.id) ?? 'Your card was declined.');
    }
    await store.completeCheckout(session.id, { email });
    const next = successUrlOf(session);
    if (next) return reply.redirect(next, 303);
    return html(
      reply,
      200,
      messagePage('Thanks for subscribing', 'Your payment went through. You can close this page.'),
    );
  });

  app.get('/p/session/:id', async (request, reply) => {
    const portal = store.portalSessions.get((request.params as { id: string }).id);
    if (!portal) return notFound(reply);
    return html(reply, 200, portalPage(store, portal, store.subscriptionOf(portal.customer)));
  });

  app.post('/p/session/:id', async (request, reply) => {
    const portal = store.portalSessions.get((request.params as { id: string }).id);
    if (!portal) return notFound(reply);
    const subscription = store.subscriptionOf(portal.customer);
    const form = formOf(request.body);
    const action = textOf(form.action);
    const changes = {
      cancel: { cancelAtPeriodEnd: true },
      renew: { cancelAtPeriodEnd: false },
      cancel_now: { cancelNow: true },
      switch: { priceId: textOf(form.price) ?? '' },
    } as const;
    const change = action && action in changes ? changes[action as keyof typeof changes] : undefined;
    if (!subscription || subscription.status === 'canceled' || !change) {
      const back = { href: `/p/session/${portal.id}`, label: '← Back to billing' };
      return html(reply, 400, messagePage('Nothing to change', 'This plan cannot be changed now.', back));
    }
    try {
      await store.updateSubscription(subscription.id, change);
    } catch (error) {
      const back = { href: `/p/session/${portal.id}`, label: '← Back to billing' };
      return html(reply, 400, messagePage('Nothing to change', (error as Error).message, back));
    }
    return reply.redirect(`/p/session/${portal.id}`, 303);
  });

  app.get('/i/:id', async (request, reply) => {
    const invoice = store.invoices.get((request.params as { id: string }).id);
    if (!invoice) return notFound(reply);
    const state = invoice.status === 'paid' ? 'Paid' : 'Payment due';
    return html(
      reply,
      200,
      layout(
        `Invoice ${invoice.id}`,
        `<h1>Invoice</h1><p class="muted">${escapeHtml(invoice.id)}</p>
<p class="price">${money(invoice.total, invoice.currency)} <span>${state}</span></p>`,
      ),
    );
  });
}
