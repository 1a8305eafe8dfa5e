import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** A thread's (or on macOS the process's) nice value raised by `nice`, to at most 19, the lowest priority. */
const lower = (id: number, nice: number) => setPriority(id, Math.min(19, getPriority(id) + nice));

/**
 * Lowers this process's priority in the OS's scheduler by `nice` (0 to 19), every thread of it.
 * Linux keeps a priority per thread, and a thread starts with its creator's: so the threads
 * already running are lowered one by one (/proc/self/task), and those made later (libuv's pool,
 * libvips', the render threads) inherit it. Answers how many threads were lowered.
 */
export function lowerProcessPriority(nice: number): number {
  if (nice === 0) return 0;
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    lower(0, nice); // no /proc (macOS): the process's own priority, which its threads share
    return 1;
  }
  for (const tid of threads) lower(Number(tid), nice);
  return threads.length;
}
