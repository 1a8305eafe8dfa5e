import type { FastifyBaseLogger } from 'fastify';

type Sync = (userId: string, withoutWorkspace?: string) => Promise<void>;

/**
 * How the connections' owners tell the orders module that a seller's connections changed, without
 * the orders module in their failure paths: a saved connection starts deriving the seller's order
 * sources in the background; a workspace about to be deleted removes the webhooks only its
 * connections reach (awaited: its credentials go with it). One derivation per seller at a time,
 * so two saves in a row never register a webhook twice. Nothing here ever throws.
 */
export function connectionHooks(log: FastifyBaseLogger) {
  let sync: Sync | undefined;
  const chains = new Map<string, Promise<void>>();

  function run(userId: string, withoutWorkspace?: string): Promise<void> {
    const next = (chains.get(userId) ?? Promise.resolve())
      .then(() => sync?.(userId, withoutWorkspace))
      .catch((error: unknown) => log.error({ err: error, userId }, 'orders: connection hook failed'));
    chains.set(userId, next);
    void next.finally(() => {
      if (chains.get(userId) === next) chains.delete(userId);
    });
    return next;
  }

  return {
    /** Gives the hooks the orders module's derivation (sources are built after the connections' owners). */
    attach(fn: Sync): void {
      sync = fn;
    },
    /** A connection was saved (listings or stores): derive the seller's sources in the background. */
    saved(userId: string): void {
      void run(userId);
    },
    /** A workspace is about to be deleted: its shops no other workspace connects are disconnected first. */
    beforeWorkspaceDelete(userId: string, workspaceId: string): Promise<void> {
      return run(userId, workspaceId);
    },
    /** Resolves when no derivation is running (tests wait on it). */
    async idle(): Promise<void> {
      while (chains.size > 0) await Promise.all(chains.values());
    },
  };
}

export type ConnectionHooks = ReturnType<typeof connectionHooks>;
