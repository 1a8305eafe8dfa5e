import type { OrderMoney } from '@podflow/contract/orders';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Minor units of a currency as the seller reads them ('$12.50', '-€3.00'); '—' when unknown. */
export function formatMoney(cents: number | null, currency: string): string {
  if (cents === null) return '—';
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      // A code Intl does not know: show the number with the code.
      format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFormats.set(currency, format);
  }
  const text = format.format(cents / 100);
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

/** What the provider charges in all (items + shipping); null when either is unknown. */
export function costOf(money: OrderMoney): number | null {
  if (money.cost_cents === null || money.shipping_cents === null) return null;
  return money.cost_cents + money.shipping_cents;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A date as 'Nov 26, 2026'. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A moment as 'Nov 26, 2026, 8:40 AM'. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** A UTC day (YYYY-MM-DD) as 'Nov 26'. */
export function formatDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}
