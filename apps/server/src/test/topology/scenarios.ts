import { expect } from 'vitest';
import type { ListingRun } from '@podflow/contract/listings';
import type { PrintifySandbox } from '@podflow/sandbox/printify-sandbox';
import { waitFor } from '../outages.ts';
import { designCount, templateCount } from './recovery.ts';
import type { Seller } from './seller.ts';

/** The latest mockup run finished with every pair once: 10 rows of 10 distinct templates, no failure. */
export async function expectEveryMockupOnce(seller: Seller) {
  const jobs = await seller.mockupJobs();
  expect(jobs.map((job) => [job.status, job.done, job.failed])).toEqual(
    Array.from({ length: templateCount }, () => ['Completed', designCount, 0]),
  );
  const grid = await seller.mockupGrid();
  expect(grid).toHaveLength(designCount);
  for (const row of grid) {
    expect(new Set(row.mockup_images.map((m) => m.template_id)).size).toBe(templateCount);
    expect(row.mockup_images).toHaveLength(templateCount);
  }
}

/** A new mockup run is accepted (no run left holding the workspace) and finds nothing left to render. */
export async function expectNewMockupRunAccepted(seller: Seller) {
  const again = await seller.generateMockups('new');
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ already_running: false, queued: 0 });
}

/** Answers the workspace's latest Printify listing run once it is Completed or Failed. */
export const listingRunDone = (seller: Seller, ms = 60_000) =>
  waitFor(
    'the Printify listing run to finish',
    () => seller.listingRun(),
    (run) => run?.status === 'Completed' || run?.status === 'Failed',
    ms,
  ) as Promise<ListingRun>;

/** The products of the sandbox's first shop other than its template product. */
export const shopProducts = (printify: PrintifySandbox) =>
  [...printify.products.values()].filter(
    (p) => p.shop_id === printify.shops[0]!.id && p.id !== printify.templateProductId,
  );

/** Connects the workspace to the sandbox's first shop and template product, with every design titled. */
export async function readyToList(seller: Seller, printify: PrintifySandbox) {
  await seller.saveMetadata();
  await seller.connectPrintify({
    token: printify.token,
    shopId: printify.shops[0]!.id,
    templateProductId: printify.templateProductId,
  });
}

/**
 * The listing run made exactly one Printify product per design: `before` products in the shop, now
 * `before` + 10, each design pointing at its own product, each product of one design.
 */
export async function expectListedOnce(seller: Seller, printify: PrintifySandbox, before: number) {
  const run = await seller.listingRun();
  expect(run).toMatchObject({ status: 'Completed', total: designCount, failed: 0 });
  expect(run!.created + run!.updated).toBe(designCount);
  expect(shopProducts(printify)).toHaveLength(before + designCount);
  const productIds = (await seller.designs()).map((d) => d.printify_product_id);
  expect(new Set(productIds).size).toBe(designCount);
  for (const id of productIds) expect(printify.products.has(id!)).toBe(true);
}

/** A new listing run is accepted and updates the 10 products, creating none. */
export async function expectNewListingRunAccepted(seller: Seller, printify: PrintifySandbox) {
  const products = shopProducts(printify).length;
  const again = await seller.createPrintifyListings();
  expect(again.status).toBe(200);
  expect(again.body.message).toBe(`Creating Printify listings for ${designCount} designs.`);
  const run = await listingRunDone(seller);
  expect(run).toMatchObject({ status: 'Completed', created: 0, updated: designCount, failed: 0 });
  expect(shopProducts(printify)).toHaveLength(products);
}
