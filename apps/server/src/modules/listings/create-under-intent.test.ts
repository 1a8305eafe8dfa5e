import { describe, expect, it } from 'vitest';
import { ProviderError } from '@podflow/providers/http';
import { createUnderIntent } from './create-under-intent.ts';
import type { IntentKey, IntentRow } from './provider-intents.repo.ts';

const key: IntentKey = { designId: 'design-1', provider: 'printify', shopId: '7', kind: 'product' };

/** Intents in memory, as the repo keeps them; `taken` are the ids other designs hold. */
function memoryIntents(open?: Partial<IntentRow>, taken: string[] = []) {
  const rows: IntentRow[] = [];
  const add = (row: Partial<IntentRow>) => {
    const full: IntentRow = {
      id: `intent-${rows.length + 1}`,
      design_id: key.designId,
      provider: key.provider,
      shop_id: key.shopId,
      kind: key.kind,
      marker: 'm',
      created_at: 1,
      closed_at: null,
      result_id: null,
      ...row,
    };
    rows.push(full);
    return full;
  };
  if (open) add(open);
  return {
    rows,
    openIntent: async () => rows.find((row) => row.closed_at === null),
    startIntent: async (_key: IntentKey, marker: string) => {
      if (rows.some((row) => row.closed_at === null)) throw new Error('an intent is already open');
      return add({ marker });
    },
    closeIntent: async (id: string, resultId: string | null) => {
      const row = rows.find((r) => r.id === id)!;
      row.closed_at = 2;
      row.result_id = resultId;
    },
    alreadyTaken: async (_key: IntentKey, ids: string[]) => new Set(ids.filter((id) => taken.includes(id))),
  };
}

/** A create and its record, counting the creates sent and what was recorded under which intent. */
function work(found: { id: string }[], create: () => Promise<{ id: string }> = async () => ({ id: 'new' })) {
  const sent: string[] = [];
  const recorded: [string, string][] = [];
  return {
    sent,
    recorded,
    work: {
      key,
      marker: 'upload-1',
      findMade: async () => found,
      create: async () => {
        sent.push('create');
        return create();
      },
      record: async (made: { id: string }, intentId: string) => {
        recorded.push([made.id, intentId]);
      },
    },
  };
}

const failure = (status: number) =>
  new ProviderError(`answered ${status}`, { provider: 'Printify', status, retryable: status !== 400 });

describe('createUnderIntent: one create per intent, whatever dies when', () => {
  it('writes the intent before the create and records the product under it', async () => {
    const intents = memoryIntents();
    const w = work([]);
    expect(await createUnderIntent(intents, w.work)).toEqual({ made: { id: 'new' }, adopted: false });
    expect(w.sent).toEqual(['create']);
    expect(w.recorded).toEqual([['new', 'intent-1']]);
    expect(intents.rows[0]).toMatchObject({ marker: 'upload-1' });
  });

  it('adopts what an open intent made that no other design holds, sending no create', async () => {
    const intents = memoryIntents({ marker: 'upload-0' }, ['theirs']);
    const w = work([{ id: 'theirs' }, { id: 'orphan' }]);
    expect(await createUnderIntent(intents, w.work)).toEqual({ made: { id: 'orphan' }, adopted: true });
    expect(w.sent).toEqual([]);
    expect(w.recorded).toEqual([['orphan', 'intent-1']]);
  });

  it('closes an open intent that made nothing (or only what others hold) empty, then creates once under a new one', async () => {
    const intents = memoryIntents({}, ['theirs']);
    const w = work([{ id: 'theirs' }]);
    expect(await createUnderIntent(intents, w.work)).toEqual({ made: { id: 'new' }, adopted: false });
    expect(w.sent).toEqual(['create']);
    expect(intents.rows.map((row) => [row.id, row.result_id, row.closed_at !== null])).toEqual([
      ['intent-1', null, true],
      ['intent-2', null, false],
    ]);
    expect(w.recorded).toEqual([['new', 'intent-2']]);
  });

  it('closes the intent when the provider refused or throttled the create, and keeps it open when the answer may be lost', async () => {
    for (const status of [400, 429, 499, 500, 0]) {
      const intents = memoryIntents();
      const w = work([], () => Promise.reject(failure(status)));
      await expect(createUnderIntent(intents, w.work)).rejects.toMatchObject({ status });
      // A 4xx means the provider made nothing; after a 5xx or a timeout it may have.
      expect(intents.rows[0]!.closed_at === null).toBe(status === 0 || status >= 500);
    }
    await expect(
      createUnderIntent(memoryIntents(), work([], () => Promise.reject(new Error('socket hang up'))).work),
    ).rejects.toThrow('socket hang up');
  });

  it('leaves the intent open when the process dies before recording, so the next run looks for the product', async () => {
    const intents = memoryIntents();
    const w = work([]);
    const dying = {
      ...w.work,
      record: () => Promise.reject(new Error('killed')),
    };
    await expect(createUnderIntent(intents, dying)).rejects.toThrow('killed');
    expect(intents.rows[0]!.closed_at).toBeNull();
    const next = work([{ id: 'new' }]);
    expect(await createUnderIntent(intents, next.work)).toEqual({ made: { id: 'new' }, adopted: true });
    expect(next.sent).toEqual([]);
  });
});
