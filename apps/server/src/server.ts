import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './platform/db/db.ts';
import { lowerProcessPriority } from './platform/process-priority.ts';

/** Runs the server: config, database (migrated), HTTP server, graceful shutdown. */
export async function runServer(): Promise<void> {
  const config = loadConfig(undefined, process.argv.slice(2));
  // A worker only renders and calls providers: on a machine it shares, the API goes first.
  if (config.role === 'worker') lowerProcessPriority(config.renderNice);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // Draw the starter library's images once, in the background, so the first visit finds them ready.
  void app.background.warm();
  app.log.info(
    { database: config.database.kind, dataDir: config.dataDir },
    `PodFlow is serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
}
