import { type OrderStatus, orderStatusWords } from '@podflow/contract/orders';
import type { OrderSnapshot } from './order-source.ts';

/**
 * The words the orders module writes about an order: its timeline sentences and its search terms.
 */

const problemWords: Record<string, string> = {
  payment_not_received: 'payment not received',
  out_of_stock: 'out of stock',
  address_issue: 'address issue',
  image_issue: 'image issue',
  unpaid: 'unpaid',
};

/** The timeline's sentence for the status the snapshot is now in. */
export function statusSentence(snapshot: Pick<OrderSnapshot, 'status' | 'problem' | 'shipments'>): string {
  const status: OrderStatus = snapshot.status;
  switch (status) {
    case 'shipped': {
      const shipment = snapshot.shipments[0];
      if (!shipment) return 'Shipped';
      return shipment.number
        ? `Shipped with ${shipment.carrier} ${shipment.number}`
        : `Shipped with ${shipment.carrier}`;
    }
    case 'sending_to_production':
      return 'Sent to production';
    case 'action_required':
    case 'has_issues': {
      const problem = snapshot.problem && problemWords[snapshot.problem];
      return problem ? `${orderStatusWords[status]} (${problem})` : orderStatusWords[status];
    }
    default:
      return orderStatusWords[status];
  }
}

/** The order's search terms: its number (with and without '#'), each word of the customer, the whole name and e-mail. */
export function searchTerms(number: string, customer: string, email: string | null): string[] {
  const terms = new Set<string>();
  const add = (value: string) => {
    const term = normalizeTerm(value);
    if (term) terms.add(term.slice(0, 200));
  };
  add(number);
  add(customer);
  for (const word of customer.split(/\s+/)) add(word);
  if (email) {
    add(email);
    add(email.split('@')[0] ?? '');
  }
  return [...terms];
}

/** What a search and a term are compared as: trimmed, lower-cased, spaces collapsed, no leading '#'. */
export function normalizeTerm(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, ' ').replace(/^#+/, '');
}
