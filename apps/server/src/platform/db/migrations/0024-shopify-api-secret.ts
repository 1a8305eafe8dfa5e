import type { Kysely } from 'kysely';

/**
 * A Shopify connection may hold the custom app's API secret key (its client secret), which signs
 * the app's webhooks: with it PodFlow can check orders/create and orders/updated deliveries
 * (issue 23). Sealed like the token, bound to the same row; null for every other connection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('provider_connections').addColumn('api_secret_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('provider_connections').dropColumn('api_secret_sealed').execute();
}
