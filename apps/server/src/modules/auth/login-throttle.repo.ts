import { sql } from 'kysely';
import type { Db } from '../../platform/db/db.ts';

/** A bigint parameter: PostgreSQL would type a bare parameter in a CASE as text. */
const big = (value: number) => sql<number>`cast(${value} as bigint)`;

/**
 * The SQL of sign-in throttling. Each admit* is one INSERT ... ON CONFLICT DO UPDATE ... WHERE
 * ... RETURNING: the check and the count happen in one statement, so concurrent attempts are
 * counted one by one on SQLite and PostgreSQL alike, and an attempt is admitted exactly when a
 * row comes back.
 */
export function loginThrottleRepo(db: Db) {
  return {
    /**
     * Counts one attempt of an (e-mail, address) pair unless it is locked. The counter starts again
     * when the lock has passed or the window since the first failure has. Reaching `max` locks the
     * pair until `now + lockMs` (that attempt itself is still admitted).
     */
    async admitPairAttempt(
      key: string,
      now: number,
      limits: { max: number; windowMs: number; lockMs: number },
    ) {
      const row = sql.ref<number>('login_failures.failures');
      const lockedUntil = sql.ref<number | null>('login_failures.locked_until');
      const startsAgain = sql<boolean>`((${lockedUntil} is not null and ${lockedUntil} <= ${big(now)}) or (${lockedUntil} is null and ${sql.ref('login_failures.first_failed_at')} <= ${big(now - limits.windowMs)}))`;
      const failures = sql<number>`(case when ${startsAgain} then 1 else ${row} + 1 end)`;
      const admitted = await db
        .insertInto('login_failures')
        .values({
          key,
          failures: 1,
          first_failed_at: now,
          locked_until: limits.max <= 1 ? now + limits.lockMs : null,
        })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({
              failures,
              first_failed_at: sql`(case when ${startsAgain} then ${big(now)} else ${sql.ref('login_failures.first_failed_at')} end)`,
              locked_until: sql`(case when ${failures} >= ${limits.max} then ${big(now + limits.lockMs)} else null end)`,
            })
            .where(sql<boolean>`(${startsAgain} or ${row} < ${limits.max})`),
        )
        .returning('failures')
        .executeTakeFirst();
      return admitted !== undefined;
    },

    /** Gives back an attempt that was counted but never judged (another limit refused it). */
    async refundPairAttempt(key: string, max: number): Promise<void> {
      await db
        .updateTable('login_failures')
        .set({
          failures: sql`failures - 1`,
          locked_until: sql`(case when failures - 1 >= ${max} then locked_until else null end)`,
        })
        .where('key', '=', key)
        .where('failures', '>', 0)
        .execute();
    },

    async pairLockedUntil(key: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('login_failures')
        .select('locked_until')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.locked_until ?? undefined;
    },

    async clearPairFailures(key: string): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
    },

    /**
     * Counts one attempt on an account unless it must wait. From the `max`-th attempt on, each one
     * sets a wait before the next (`baseMs`, doubled each time up to `capMs`). The counter starts
     * again after `windowMs` without attempts.
     */
    async admitAccountAttempt(
      key: string,
      now: number,
      limits: { max: number; windowMs: number; baseMs: number; capMs: number },
    ) {
      const ref = (column: string) => sql.ref<number>(`login_account_failures.${column}`);
      const startsAgain = sql<boolean>`(${ref('last_failed_at')} <= ${big(now - limits.windowMs)})`;
      const failures = sql<number>`(case when ${startsAgain} then 1 else ${ref('failures')} + 1 end)`;
      const delay = sql<number>`(case when ${failures} < ${limits.max} then ${big(0)} when ${startsAgain} or ${ref('delay_ms')} = 0 then ${big(limits.baseMs)} when ${ref('delay_ms')} * 2 >= ${big(limits.capMs)} then ${big(limits.capMs)} else ${ref('delay_ms')} * 2 end)`;
      const firstDelay = limits.max <= 1 ? limits.baseMs : 0;
      const admitted = await db
        .insertInto('login_account_failures')
        .values({
          key,
          failures: 1,
          last_failed_at: now,
          delay_ms: firstDelay,
          next_attempt_at: firstDelay > 0 ? now + firstDelay : null,
        })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({
              failures,
              last_failed_at: now,
              delay_ms: delay,
              next_attempt_at: sql`(case when ${failures} < ${limits.max} then null else ${big(now)} + ${delay} end)`,
            })
            .where(
              sql<boolean>`(${startsAgain} or ${ref('next_attempt_at')} is null or ${ref('next_attempt_at')} <= ${big(now)})`,
            ),
        )
        .returning('failures')
        .executeTakeFirst();
      return admitted !== undefined;
    },

    /** Gives back an account attempt that turned out to be the right password. */
    async refundAccountAttempt(key: string): Promise<void> {
      await db
        .updateTable('login_account_failures')
        .set({ failures: sql`failures - 1` })
        .where('key', '=', key)
        .where('failures', '>', 0)
        .execute();
    },

    async accountNextAttemptAt(key: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('login_account_failures')
        .select('next_attempt_at')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.next_attempt_at ?? undefined;
    },

    /** True when this (e-mail, address) pair has signed in successfully since `since`. */
    async isKnownAddress(key: string, since: number): Promise<boolean> {
      const row = await db
        .selectFrom('login_known_addresses')
        .select('key')
        .where('key', '=', key)
        .where('last_success_at', '>', since)
        .executeTakeFirst();
      return row !== undefined;
    },

    async rememberAddress(key: string, now: number): Promise<void> {
      await db
        .insertInto('login_known_addresses')
        .values({ key, last_success_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ last_success_at: now }))
        .execute();
    },
  };
}

export type LoginThrottleRepo = ReturnType<typeof loginThrottleRepo>;
