import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './orders-csv.ts';
import { normalizeTerm, searchTerms, statusSentence } from './order-text.ts';
import { decodeCursor, encodeCursor } from './orders.service.ts';

describe('the words of an order', () => {
  const shipment = { carrier: 'USPS', number: '9400111', url: null, shippedAt: null, deliveredAt: null };
  it('says what happened in a sentence', () => {
    expect(statusSentence({ status: 'shipped', problem: null, shipments: [shipment] })).toBe(
      'Shipped with USPS 9400111',
    );
    expect(
      statusSentence({ status: 'shipped', problem: null, shipments: [{ ...shipment, number: '' }] }),
    ).toBe('Shipped with USPS');
    expect(statusSentence({ status: 'shipped', problem: null, shipments: [] })).toBe('Shipped');
    expect(statusSentence({ status: 'sending_to_production', problem: null, shipments: [] })).toBe(
      'Sent to production',
    );
    expect(statusSentence({ status: 'canceled', problem: null, shipments: [] })).toBe('Canceled');
    expect(
      statusSentence({ status: 'action_required', problem: 'payment_not_received', shipments: [] }),
    ).toBe('On hold: action required (payment not received)');
    expect(statusSentence({ status: 'has_issues', problem: null, shipments: [] })).toBe('Has issues');
  });

  it('is found by its number with or without #, a word of the customer, the whole name and the e-mail', () => {
    expect(searchTerms('#1042', 'Jane  van Doe', 'Jane@Example.com').sort()).toEqual(
      ['1042', 'doe', 'jane', 'jane van doe', 'jane@example.com', 'van'].sort(),
    );
    expect(searchTerms('A-1', '', null)).toEqual(['a-1']);
    expect(normalizeTerm('  ##Jane   DOE ')).toBe('jane doe');
  });
});

describe('CSV cells', () => {
  it('quotes every cell and neutralises what a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const bad of ['=1+1', '+1', '-A1', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(bad), bad).toBe(`"'${bad}"`);
    expect(csvCell('-12.50')).toBe('"-12.50"');
    expect(csvLine(['a', 'b'])).toBe('"a","b"\r\n');
  });
});

describe('the list cursor', () => {
  it('round-trips and refuses what the list did not give', () => {
    expect(decodeCursor(encodeCursor({ created_at: 123, id: 'a.b' }))).toEqual({ createdAt: 123, id: 'a.b' });
    for (const bad of [
      '',
      'bm9wZQ',
      Buffer.from('x.y').toString('base64url'),
      Buffer.from('12.').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad), bad).toThrow(/cursor/);
    }
  });
});
