import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProviderIntentsTable } from '../../platform/db/schema.ts';

export type IntentRow = Selectable<ProviderIntentsTable>;

/** Whose create it is: a design's, on a provider, in a shop (or store product), of one kind. */
export type IntentKey = {
  designId: string;
  provider: 'printify' | 'gelato' | 'shopify' | 'woocommerce';
  shopId: string;
  kind: 'product' | 'media';
};

/** The SQL of provider intents (migration 0021), on the database or inside a transaction. */
export function providerIntentsRepo(db: Kysely<Database>) {
  const ofKey = (key: IntentKey) =>
    db
      .selectFrom('provider_intents')
      .selectAll()
      .where('design_id', '=', key.designId)
      .where('provider', '=', key.provider)
      .where('shop_id', '=', key.shopId)
      .where('kind', '=', key.kind);

  return {
    /** The key's intent still open (its create may have been made without the answer recorded). */
    openIntent(key: IntentKey): Promise<IntentRow | undefined> {
      return ofKey(key).where('closed_at', 'is', null).executeTakeFirst();
    },

    /** Records, before the create is sent, that it is about to be; refused while one is open. */
    async startIntent(key: IntentKey, marker: string, now = Date.now()): Promise<IntentRow> {
      const row: IntentRow = {
        id: randomUUID(),
        design_id: key.designId,
        provider: key.provider,
        shop_id: key.shopId,
        kind: key.kind,
        marker,
        created_at: now,
        closed_at: null,
        result_id: null,
      };
      await db.insertInto('provider_intents').values(row).execute();
      return row;
    },

    /** Closes an intent with what its create made, or with nothing (proven to have made none). */
    async closeIntent(id: string, resultId: string | null): Promise<void> {
      await db
        .updateTable('provider_intents')
        .set({ closed_at: Date.now(), result_id: resultId })
        .where('id', '=', id)
        .where('closed_at', 'is', null)
        .execute();
    },

    /**
     * Of `ids`, those not to adopt for the key: another design's product in the shop, or what any
     * closed intent made (this design's earlier product too, since dropped as failed or replaced).
     */
    async alreadyTaken(key: IntentKey, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const [products, made] = await Promise.all([
        db
          .selectFrom('design_products')
          .select('product_id as id')
          .where('provider', '=', key.provider)
          .where('shop_id', '=', key.shopId)
          .where('product_id', 'in', ids)
          .where('design_id', '<>', key.designId)
          .execute(),
        db
          .selectFrom('provider_intents')
          .select('result_id as id')
          .where('provider', '=', key.provider)
          .where('shop_id', '=', key.shopId)
          .where('result_id', 'in', ids)
          .execute(),
      ]);
      return new Set([...products, ...made].map((row) => row.id).filter((id): id is string => id !== null));
    },
  };
}

export type ProviderIntentsRepo = ReturnType<typeof providerIntentsRepo>;
