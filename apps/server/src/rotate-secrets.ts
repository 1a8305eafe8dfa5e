/**
 * `npm run rotate-secrets`: re-seals every stored provider key under APP_SECRET, opening those
 * sealed under APP_SECRET_PREVIOUS (or in the old v1 format). Reads the same configuration as the
 * server (DATABASE_URL or DATA_DIR); safe to run again. README's "Rotate APP_SECRET" has the steps.
 * Exits 1 when a key could be opened under neither secret (it is left as it was).
 */
import { loadConfig } from './config.ts';
import { rotateSecrets } from './platform/crypto/rotate-secrets.ts';
import { SecretBox } from './platform/crypto/secrets.ts';
import { openDatabase } from './platform/db/db.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const box = new SecretBox(config.appSecret, config.appSecretPrevious);
  const db = openDatabase(config.database);
  try {
    const report = await rotateSecrets(db, box);
    console.log(
      `Re-sealed ${report.resealed} secret(s) under key ${box.keyId} (${report.fromV1} from the v1 format); ` +
        `${report.current} already current; ${report.unreadable.length} unreadable.`,
    );
    for (const row of report.unreadable) {
      console.error(
        `  unreadable: workspace ${row.workspace_id}, ${row.provider} (sealed under neither APP_SECRET nor APP_SECRET_PREVIOUS: the seller must enter it again)`,
      );
    }
    return report.unreadable.length > 0 ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `The rotation failed, nothing was changed: ${error instanceof Error ? error.message : error}`,
    );
    process.exitCode = 1;
  },
);
