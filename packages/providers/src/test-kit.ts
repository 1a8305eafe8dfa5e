import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ProviderError } from './provider-error.ts';

/** For tests: the ProviderError a call rejects with (the test fails if it resolves or throws anything else). */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** For tests: reads until `done` holds (a sandbox publishes a moment after the call), at most about half a second. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 50; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The condition never held');
}

type Sandbox = { url: string; requests: unknown[]; close(): Promise<void> };

/**
 * For tests: starts a sandbox around the file's tests and empties its request log before each;
 * `transport` makes a client record its waits in `sleeps` instead of sleeping, with no jitter.
 */
export function useSandbox<S extends Sandbox>(start: () => Promise<S>) {
  const env = {
    sandbox: undefined as unknown as S,
    sleeps: [] as number[],
    transport: { sleep: async (ms: number) => void env.sleeps.push(ms), random: () => 0 },
  };
  beforeAll(async () => {
    env.sandbox = await start();
  });
  afterAll(() => env.sandbox.close());
  beforeEach(() => {
    env.sleeps.length = 0;
    env.sandbox.requests.length = 0;
  });
  return env;
}
