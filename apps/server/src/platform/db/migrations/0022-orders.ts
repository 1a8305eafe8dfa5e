import { type Kysely, sql } from 'kysely';

/**
 * Order processing (issue 23; modules/orders). Orders belong to the seller's account: an order
 * source is one Printify shop, Gelato store, Shopify shop or WooCommerce store connected in any of
 * the seller's workspaces, found again by (user, provider, shop). Each order is stored once per
 * source as its provider has it now (the present state every webhook and reconcile applies);
 * events are stored once each; provider writes (send to production, cancel, a manual order) are
 * written as submissions before they are sent, so a run that dies mid-call never sends twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    /** Printify: shop id; Gelato: store id; Shopify: shop name; WooCommerce: store URL. */
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('shop_title', 'text', (c) => c.notNull())
    /** 1 while a workspace of the seller connects it; its orders stay when it is disconnected. */
    .addColumn('connected', 'integer', (c) => c.notNull().defaultTo(1))
    /** The random token in the webhook URL (/webhooks/{provider}/{token}/). */
    .addColumn('webhook_token', 'text', (c) => c.notNull().unique())
    /** The signing secret PodFlow gave the provider, sealed (platform/crypto). */
    .addColumn('webhook_secret_sealed', 'text')
    /** JSON array of the provider's webhook ids, to remove them with the connection. */
    .addColumn('webhook_ids', 'text')
    /** 'registered', 'manual' or 'off'. */
    .addColumn('webhooks', 'text', (c) => c.notNull().defaultTo('off'))
    /** When the first import (the last 60 days) finished; null until then. */
    .addColumn('imported_at', 'bigint')
    .addColumn('synced_at', 'bigint')
    .addColumn('sync_problem', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_sources_shop_idx')
    .on('order_sources')
    .columns(['user_id', 'provider', 'shop_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_id', 'text', (c) => c.notNull().references('order_sources.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    /** Lower-cased number, customer and e-mail joined by spaces: what search matches. */
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('country', 'text')
    /** contract OrderStatus. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_status', 'text', (c) => c.notNull())
    .addColumn('problem', 'text')
    .addColumn('financial_status', 'text')
    .addColumn('fulfillment_status', 'text')
    /** contract AttentionReason, or null. */
    .addColumn('attention_reason', 'text')
    /** From when the order needs the seller (a stuck send needs them 30 minutes after it began); null when it does not. */
    .addColumn('attention_at', 'bigint')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('retail_cents', 'bigint')
    .addColumn('cost_cents', 'bigint')
    .addColumn('shipping_cents', 'bigint')
    .addColumn('margin_cents', 'bigint')
    /** JSON: the snapshot's items, shipments and address. */
    .addColumn('items_json', 'text', (c) => c.notNull())
    .addColumn('shipments_json', 'text', (c) => c.notNull())
    .addColumn('address_json', 'text')
    /** A provider order placed from a store: the store kind and the store's order id. */
    .addColumn('store_kind', 'text')
    .addColumn('store_order_id', 'text')
    /** A store order's row (Shopify, WooCommerce): the provider order it reached, once it has. */
    .addColumn('linked_order_id', 'text')
    .addColumn('external_ref', 'text')
    .addColumn('provider_url', 'text')
    /** The provider's times (ms). */
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('shipped_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    /** When PodFlow last wrote the row. */
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_source_order_idx')
    .on('orders')
    .columns(['source_id', 'provider_order_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('orders_user_created_idx')
    .on('orders')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_user_attention_idx')
    .on('orders')
    .columns(['user_id', 'attention_at'])
    .where(sql.ref('attention_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_user_status_idx')
    .on('orders')
    .columns(['user_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_source_created_idx')
    .on('orders')
    .columns(['source_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_store_order_idx')
    .on('orders')
    .columns(['user_id', 'store_kind', 'store_order_id'])
    .execute();

  /** Each webhook event once per source; the timeline reads what was applied. */
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_id', 'text', (c) => c.notNull().references('order_sources.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text')
    .addColumn('occurred_at', 'bigint')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    /** 'pending' (to apply), 'applied', 'stale', 'ignored'. */
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_events_key_idx')
    .on('order_events')
    .columns(['source_id', 'event_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('order_events_pending_idx')
    .on('order_events')
    .columns(['source_id', 'received_at'])
    .where(sql.ref('outcome'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('order_timeline')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** 'webhook', 'reconcile', 'import' or 'action'. */
    .addColumn('origin', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_timeline_order_idx')
    .on('order_timeline')
    .columns(['order_id', 'at'])
    .execute();

  /** A bulk action over chosen orders, on the job queue. */
  await db.schema
    .createTable('order_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    /** Pending, In Progress, Completed or Failed. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('order_runs_unfinished_idx')
    .on('order_runs')
    .column('created_at')
    .where(sql.ref('status'), 'in', ['Pending', 'In Progress'])
    .execute();
  await db.schema
    .createTable('order_run_items')
    .addColumn('run_id', 'text', (c) => c.notNull().references('order_runs.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    /** pending, done, refused or failed. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('order_run_items_pk', ['run_id', 'order_id'])
    .execute();

  /**
   * A provider write about to be sent (send to production, cancel, a manual order's create): written
   * first, closed with its outcome. An open one found by a later try is settled by reading the
   * order (its status, or the order made under external_ref), never by sending again blindly.
   */
  await db.schema
    .createTable('order_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    /** 'done', 'refused', 'failed' once closed. */
    .addColumn('outcome', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createIndex('order_submissions_open_idx')
    .on('order_submissions')
    .columns(['order_id', 'kind'])
    .unique()
    .where(sql.ref('closed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('order_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('digest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('no_tracking_days', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('digest_sent_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'order_settings',
    'order_submissions',
    'order_run_items',
    'order_runs',
    'order_timeline',
    'order_events',
    'orders',
    'order_sources',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
