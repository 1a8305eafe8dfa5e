import { describe, expect, it } from 'vitest';
import type { GelatoProduct } from '@podflow/providers/gelato';
import { gelatoOutcome } from './create-listings.job.ts';

const product = (change: Partial<GelatoProduct>): GelatoProduct => ({
  id: 'p1',
  storeId: 's1',
  externalId: null,
  title: 'Cat tee',
  description: 'D',
  status: 'publishing',
  publishedAt: null,
  createdAt: '2024-01-01T00:00:00+0000',
  updatedAt: '2024-01-01T00:00:00+0000',
  ...change,
});

describe('gelatoOutcome: what the design shows once its Gelato product was followed', () => {
  it('is created when Gelato made it', () => {
    expect(gelatoOutcome(product({ status: 'active' }), 'p1')).toEqual({
      status: 'created',
      product_id: 'p1',
      reason: null,
    });
  });

  it('is created, saying Gelato is still making it, when the wait is over first', () => {
    expect(gelatoOutcome(product({ status: 'publishing_queued' }), 'p1')).toEqual({
      status: 'created',
      product_id: 'p1',
      reason:
        'Gelato accepted this product and is still making it: it appears in your store when Gelato is done.',
    });
  });

  it("is failed with Gelato's reason when Gelato could not make it", () => {
    const failed = product({ status: 'publishing_error', errors: [{ message: 'Print file too small.' }] });
    expect(gelatoOutcome(failed, 'p1')).toEqual({
      status: 'failed',
      product_id: 'p1',
      reason:
        'Gelato could not make this product: fix what it says, then create the listings again in step 7. Gelato says: Print file too small.',
      detail: 'Gelato publishing_error: Print file too small.',
    });
  });

  it('is failed, saying to create it again, when Gelato no longer has it', () => {
    expect(gelatoOutcome(undefined, 'p1')).toEqual({
      status: 'failed',
      product_id: 'p1',
      reason: 'Gelato no longer has this product (it was deleted there): create the listings again.',
      detail: 'Gelato answered 404 for product p1',
    });
  });
});
