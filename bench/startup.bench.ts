import { median, startServer } from './server-process.ts';

/**
 * Time from starting the server process to the first 200 on /healthz (web app already built,
 * fresh database: migrations included), against a bare node:http server started the same way.
 */
export async function benchStartup(runs = 5): Promise<void> {
  const measure = async (script: string[]) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const server = await startServer(script);
      times.push(server.startMs);
      await server.stop();
    }
    return times;
  };
  const baseline = await measure(['bench/baseline-server.ts']);
  const podflow = await measure(['apps/server/src/main.ts']);
  console.log('\nStart-up: process start to first 200 on /healthz (median of %d, ms)', runs);
  console.log(`  bare node:http baseline   ${median(baseline).toFixed(0).padStart(6)} ms`);
  console.log(
    `  PodFlow server            ${median(podflow).toFixed(0).padStart(6)} ms   (${(median(podflow) / median(baseline)).toFixed(1)}x baseline)`,
  );
}
