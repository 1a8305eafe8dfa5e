import { expect } from 'vitest';
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
