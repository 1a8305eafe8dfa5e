import { spawnSync } from 'node:child_process';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const module = fileURLToPath(new URL('./process-priority.ts', import.meta.url));

/**
 * Runs a child that lowers its priority by `nice`, then starts a worker thread (as the render pool
 * does later) and reports every thread's nice value from /proc, plus what the call answered.
 */
function childThreads(nice: number): { lowered: number; nices: number[] } {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { Worker } from 'node:worker_threads';
    const { lowerProcessPriority } = await import(${JSON.stringify(module)});
    const lowered = lowerProcessPriority(${nice});
    const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
    await new Promise((resolve) => worker.once('online', resolve));
    const nices = readdirSync('/proc/self/task').map((tid) =>
      Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]));
    console.log(JSON.stringify({ lowered, nices }));
    process.exit(0);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

describe('lowerProcessPriority', () => {
  it('lowers every thread of the process, and threads started afterwards inherit it', () => {
    const { lowered, nices } = childThreads(7);
    const base = getPriority(); // the child starts where this thread is
    // Node runs several threads of its own from the start (V8's platform threads, the inspector).
    expect(lowered).toBeGreaterThan(1);
    expect(nices.length).toBeGreaterThan(lowered);
    expect(new Set(nices)).toEqual(new Set([Math.min(19, base + 7)]));
  });

  it('stops at 19, the lowest priority', () => {
    expect(new Set(childThreads(19).nices)).toEqual(new Set([19]));
  });

  it('leaves the priority alone at 0', () => {
    const { lowered, nices } = childThreads(0);
    expect(lowered).toBe(0);
    expect(new Set(nices)).toEqual(new Set([getPriority()]));
  });
});
