import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './platform/db/db.ts';
import { lowerProcessPriority } from './platform/process-priority.ts';

/**
 * Runs the server: config, database (migrated), HTTP server, graceful shutdown. On SIGTERM or
 * SIGINT it takes no new request or job, lets the running jobs hand their work back, and exits
 * within SHUTDOWN_GRACE_SECONDS: 0 when everything stopped in time, 1 when the grace ran out.
 */
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
    const started = Date.now();
    const graceMs = config.shutdownGraceMs;
    app.log.info(
      { signal, graceSeconds: graceMs / 1000 },
      'shutting down: no new requests or jobs; the jobs running finish the item in hand and are handed back',
    );
    // Exit before the grace period ends, whatever still runs: the platform kills at its own.
    const reserveMs = Math.min(1000, graceMs / 4);
    const exit = async (code: number) => {
      await Promise.race([db.destroy(), delay(reserveMs / 2)]).catch(() => undefined);
      process.exit(code);
    };
    const forced = setTimeout(() => {
      app.log.error(
        { signal, afterMs: Date.now() - started },
        'shutdown grace period over: exiting with jobs still running; their leases lapse and another worker takes them',
      );
      void exit(1);
    }, graceMs - reserveMs);
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutting down failed');
    }
    clearTimeout(forced);
    app.log.info({ signal, afterMs: Date.now() - started }, 'shut down');
    await exit(0);
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
