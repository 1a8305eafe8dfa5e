import type { StripeStore } from './stripe-sandbox-store.ts';
import type { CheckoutSessionObject, PriceObject, SubscriptionObject } from './stripe-sandbox-types.ts';

/**
 * The HTML of the sandbox's hosted pages (Checkout, billing portal, invoice): plain server-rendered
 * pages with one small inline style sheet and no script, so a test can drive them with fetch and
 * a person with any browser.
 */

const style = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f7fb;color:#1a1f36}
  main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #1a1f3614}
  h1{font-size:1.35rem;margin:.25rem 0 1rem}
  h2{font-size:1rem;margin:1.5rem 0 .5rem}
  .tag{font-size:.75rem;color:#635bff;text-transform:uppercase;letter-spacing:.06em;margin:0}
  .muted{color:#697386;font-size:.9rem}
  .price{font-size:2rem;font-weight:600;margin:0}
  .price span{font-size:1rem;font-weight:400;color:#697386}
  table{width:100%;border-collapse:collapse;margin:1rem 0}
  td{padding:.35rem 0;border-bottom:1px solid #e3e8ee}
  td:last-child{text-align:right}
  tr.total td{font-weight:600;border-bottom:0}
  label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}
  input{width:100%;padding:.55rem .7rem;border:1px solid #cfd7df;border-radius:6px;font:inherit}
  button{width:100%;margin-top:.75rem;padding:.7rem;border:0;border-radius:6px;background:#635bff;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  button.secondary{background:#fff;color:#1a1f36;border:1px solid #cfd7df}
  button.danger{background:#fff;color:#c0123c;border:1px solid #f0b4c0}
  form{margin:0}
  .error{color:#c0123c;background:#fff1f3;padding:.5rem .75rem;border-radius:6px}
  a.back{display:inline-block;margin-top:1.25rem;color:#635bff;text-decoration:none}
`;

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><main>
<p class="tag">Stripe sandbox · test mode</p>
${body}
</main></body>
</html>`;
}

/** A message page (an expired session, an unknown link). */
export const messagePage = (title: string, text: string, link?: { href: string; label: string }) =>
  layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${
      link ? `<a class="back" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''
    }`,
  );

/** Minor units as money: 900 usd → $9.00. */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

export const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const per = (price: PriceObject) => (price.recurring ? `per ${price.recurring.interval}` : 'once');

export type CheckoutView = { email: string; error?: string; promotionCode?: string };

/** The hosted Checkout page of an open session. */
export function checkoutPage(store: StripeStore, session: CheckoutSessionObject, view: CheckoutView): string {
  const input = store.sessionInput(session.id)!;
  const { price, trialPeriodDays: trialDays } = input;
  const product = store.products.get(price.product)?.name ?? price.product;
  const currency = session.currency;
  const rows = [
    `<tr><td>${escapeHtml(product)}</td><td>${money(session.amount_subtotal, currency)}</td></tr>`,
  ];
  const discount = store.sessionDiscount(session.id);
  if (discount) {
    const label = `${discount.label} (${discount.coupon.percent_off}% off)`;
    const amount = money(session.total_details.amount_discount, currency);
    rows.push(`<tr><td>${escapeHtml(label)}</td><td>−${amount}</td></tr>`);
  }
  rows.push(
    `<tr class="total"><td>Total due today</td><td>${money(session.amount_total, currency)}</td></tr>`,
  );
  const then =
    trialDays || discount?.coupon.duration === 'once'
      ? `<p class="muted">${trialDays ? `${trialDays} days free, then` : 'Then'} ${money(price.unit_amount, currency)} ${per(price)}.</p>`
      : '';
  const customer = session.customer ? store.customers.get(session.customer) : undefined;
  const promotionField =
    session.allow_promotion_codes && !discount
      ? `<label for="promotion_code">Promotion code</label>
<input id="promotion_code" name="promotion_code" value="${escapeHtml(view.promotionCode ?? '')}" autocomplete="off">`
      : '';
  const back = session.cancel_url
    ? `<a class="back" href="${escapeHtml(session.cancel_url)}">← Back</a>`
    : '';
  return layout(
    `Subscribe to ${product}`,
    `<h1>Subscribe to ${escapeHtml(product)}</h1>
<p class="price">${money(price.unit_amount, currency)} <span>${per(price)}</span></p>
<table>${rows.join('')}</table>
${then}
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required value="${escapeHtml(view.email)}"${customer ? ' readonly' : ''}>
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
<p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
${promotionField}
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<button type="submit">Pay and subscribe</button>
</form>
${back}`,
  );
}

/** The billing portal: the current plan and what can be done with it. */
export function portalPage(
  store: StripeStore,
  portal: { id: string; customer: string; return_url: string | null },
  subscription: SubscriptionObject | undefined,
): string {
  const email = store.customers.get(portal.customer)?.email;
  const action = `/p/session/${escapeHtml(portal.id)}`;
  const button = (value: string, label: string, kind = '', extra = '') =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="${value}">${extra}<button class="${kind}" type="submit">${escapeHtml(label)}</button></form>`;
  let plan: string;
  if (!subscription) {
    plan = '<p>You have no plan yet.</p>';
  } else {
    const item = subscription.items.data[0]!;
    const name = store.products.get(item.price.product)?.name ?? item.price.product;
    const headline = `<p><strong>${escapeHtml(name)}</strong> · ${money(item.price.unit_amount, item.price.currency)} ${per(item.price)}</p>`;
    if (subscription.status === 'canceled') {
      plan = `${headline}<p class="muted">Canceled on ${day(subscription.ended_at ?? subscription.canceled_at ?? 0)}.</p>`;
    } else {
      const when = subscription.cancel_at_period_end
        ? `Your plan will be canceled on ${day(item.current_period_end)}.`
        : `Your plan renews on ${day(item.current_period_end)}.`;
      const pastDue =
        subscription.status === 'past_due'
          ? '<p class="error">Your last payment failed. Update your card to keep your plan.</p>'
          : '';
      const switches = [...store.prices.values()]
        .filter((price) => price.type === 'recurring' && price.id !== item.price.id)
        .map((price) => {
          const label = `Switch to ${store.products.get(price.product)?.name ?? price.id} (${money(price.unit_amount, price.currency)} ${per(price)})`;
          return button(
            'switch',
            label,
            'secondary',
            `<input type="hidden" name="price" value="${escapeHtml(price.id)}">`,
          );
        });
      const cancel = subscription.cancel_at_period_end
        ? button('renew', 'Renew plan')
        : button('cancel', 'Cancel plan', 'secondary');
      plan = `${headline}<p class="muted">${when}</p>${pastDue}${switches.join('')}${cancel}${button('cancel_now', 'Cancel now', 'danger')}`;
    }
  }
  const back = portal.return_url
    ? `<a class="back" href="${escapeHtml(portal.return_url)}">← Return to PodFlow</a>`
    : '';
  return layout(
    'PodFlow billing',
    `<h1>PodFlow billing</h1>
${email ? `<p class="muted">${escapeHtml(email)}</p>` : ''}
<h2>Current plan</h2>
${plan}
${back}`,
  );
}
