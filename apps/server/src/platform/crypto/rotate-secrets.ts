import type { Db } from '../db/db.ts';
import { SecretUnreadableError, connectionBinding, type SecretBox } from './secrets.ts';

/** What a rotation did: values re-sealed, values already current, values that could not be opened. */
export type RotationReport = {
  resealed: number;
  /** Of `resealed`: values of the first format (v1, no key id, no binding). */
  fromV1: number;
  current: number;
  /** Rows left as they were: sealed under neither APP_SECRET nor APP_SECRET_PREVIOUS, or changed. */
  unreadable: { workspace_id: string; provider: string }[];
};

/**
 * Re-seals every sealed column under the current APP_SECRET, in one transaction: values sealed
 * under APP_SECRET_PREVIOUS or in the v1 format are opened and sealed again (bound to their row);
 * values already current are left alone, so a second run changes nothing. The only sealed column
 * is provider_connections.api_key_sealed; its SQL lives here rather than in a module's repo
 * because this maintenance command must see every sealed column at once.
 */
export async function rotateSecrets(db: Db, box: SecretBox): Promise<RotationReport> {
  return db.transaction().execute(async (trx) => {
    const report: RotationReport = { resealed: 0, fromV1: 0, current: 0, unreadable: [] };
    const rows = await trx
      .selectFrom('provider_connections')
      .select(['workspace_id', 'provider', 'user_id', 'api_key_sealed'])
      .orderBy('workspace_id')
      .orderBy('provider')
      .execute();
    for (const row of rows) {
      if (box.isCurrent(row.api_key_sealed)) {
        report.current += 1;
        continue;
      }
      const binding = connectionBinding(row);
      let plain: string;
      try {
        plain = box.open(row.api_key_sealed, binding);
      } catch (error) {
        if (!(error instanceof SecretUnreadableError)) throw error;
        report.unreadable.push({ workspace_id: row.workspace_id, provider: row.provider });
        continue;
      }
      await trx
        .updateTable('provider_connections')
        .set({ api_key_sealed: box.seal(plain, binding) })
        .where('workspace_id', '=', row.workspace_id)
        .where('provider', '=', row.provider)
        .execute();
      report.resealed += 1;
      if (row.api_key_sealed.startsWith('v1:')) report.fromV1 += 1;
    }
    return report;
  });
}
