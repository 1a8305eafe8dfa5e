import { ProviderError } from '@podflow/providers/http';

/**
 * Runs `work`, and again while it fails with a provider error that may pass on another try (the
 * client has already retried within its own limits), at most `tries` times in all. The last
 * failure is answered as its Error, so one item's failure becomes that item's result.
 */
export async function withRetries<T>(work: () => Promise<T>, tries = 3): Promise<T | Error> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderError && error.retryable && attempt < tries) continue;
      return error instanceof Error ? error : new Error(String(error));
    }
  }
}
