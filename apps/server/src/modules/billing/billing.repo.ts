import { sql } from 'kysely';
import { liveSubscriptionStatuses } from '@podflow/contract/billing';
import type { Db } from '../../platform/db/db.ts';

/** A subscription as Stripe holds it, in the fields PodFlow keeps on the user. */
export type SubscriptionState = {
  customer: string;
  subscriptionId: string;
  status: string;
  priceId: string | null;
  plan: string;
  cancelAtPeriodEnd: boolean;
  /** Epoch milliseconds. */
  currentPeriodEnd: number | null;
};

/** The user whose state an event changes, and the state Stripe holds now. */
export type BillingEffect = { userId: string; state: SubscriptionState };

/** The only place with the SQL of subscriptions, applied webhook events and plan usage. */
export function billingRepo(db: Db) {
  return {
    billingOf(userId: string) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'email',
          'plan',
          'stripe_customer_id',
          'stripe_subscription_id',
          'subscription_status',
          'subscription_price_id',
          'cancel_at_period_end',
          'current_period_end',
          'storage_used_bytes',
          'ai_tokens_used',
          'ai_tokens_period',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async userByCustomer(customer: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('stripe_customer_id', '=', customer)
        .executeTakeFirst();
      return row?.id;
    },

    async userExists(userId: string): Promise<boolean> {
      return (
        (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
      );
    },

    /** Designs in the user's fullest workspace (the plan's slots are per workspace). */
    async fullestWorkspace(userId: string): Promise<number> {
      const row = await db
        .selectFrom('workspaces')
        .select(sql<number>`coalesce(max(design_count), 0)`.as('most'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.most ?? 0);
    },

    /**
     * Records the event and applies its effect in one transaction. Answers false (changing
     * nothing) when the event was applied before. A state is not applied over the user's current
     * subscription when it belongs to another one that has ended (a late event of an old one).
     */
    async applyEvent(
      event: { id: string; type: string },
      effect: BillingEffect | undefined,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('stripe_events')
          .values({
            id: event.id,
            type: event.type,
            user_id: effect?.userId ?? null,
            received_at: Date.now(),
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
        if (effect) await applyState(trx, effect);
        return true;
      });
    },

    /** Applies the state Stripe holds now (after an event, to settle events that raced). */
    async applyState(effect: BillingEffect): Promise<void> {
      await applyState(db, effect);
    },
  };
}

async function applyState(db: Db, { userId, state }: BillingEffect): Promise<void> {
  const current = await db
    .selectFrom('users')
    .select(['stripe_subscription_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!current) return;
  const other =
    current.stripe_subscription_id !== null && current.stripe_subscription_id !== state.subscriptionId;
  if (other && !liveSubscriptionStatuses.has(state.status)) return;
  await db
    .updateTable('users')
    .set({
      stripe_customer_id: state.customer,
      stripe_subscription_id: state.subscriptionId,
      subscription_status: state.status,
      subscription_price_id: state.priceId,
      plan: state.plan,
      cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
      current_period_end: state.currentPeriodEnd,
      updated_at: Date.now(),
    })
    .where('id', '=', userId)
    .execute();
}

export type BillingRepo = ReturnType<typeof billingRepo>;
