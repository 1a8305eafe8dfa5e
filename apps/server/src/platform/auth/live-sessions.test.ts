import { describe, expect, it } from 'vitest';
import { LiveSessions, liveSessionCache } from './live-sessions.ts';

/** A session table in memory that counts how often it is asked. */
function table() {
  const live = new Map<string, string>([
    ['s1', 'u1'],
    ['s2', 'u1'],
    ['s3', 'u2'],
  ]);
  const asked: string[] = [];
  const lookup = async (sessionId: string, userId: string) => {
    asked.push(sessionId);
    return live.get(sessionId) === userId;
  };
  return { live, asked, lookup };
}

describe('live sessions', () => {
  it('ask the database once per session within the cache time, again after it', async () => {
    const db = table();
    let now = 1000;
    const sessions = new LiveSessions(db.lookup, { ttlMs: 5000, maxEntries: 100, now: () => now });
    expect(await sessions.isLive('s1', 'u1')).toBe(true);
    now += 4999;
    expect(await sessions.isLive('s1', 'u1')).toBe(true);
    expect(db.asked).toEqual(['s1']);
    now += 1;
    expect(await sessions.isLive('s1', 'u1')).toBe(true);
    expect(db.asked).toEqual(['s1', 's1']);
  });

  it('see a revocation made elsewhere once the cache time has passed, never later', async () => {
    const db = table();
    let now = 0;
    const sessions = new LiveSessions(db.lookup, { ttlMs: 5000, maxEntries: 100, now: () => now });
    expect(await sessions.isLive('s1', 'u1')).toBe(true);
    db.live.delete('s1'); // another process signs the session out
    now = 5000;
    expect(await sessions.isLive('s1', 'u1')).toBe(false);
    now = 5001;
    expect(await sessions.isLive('s1', 'u1')).toBe(false);
  });

  it('see a revocation made by this process at once', async () => {
    const db = table();
    const sessions = new LiveSessions(db.lookup, { ttlMs: 60_000, maxEntries: 100 });
    await sessions.isLive('s1', 'u1');
    await sessions.isLive('s2', 'u1');
    await sessions.isLive('s3', 'u2');
    db.live.delete('s1');
    sessions.forgetSession('s1');
    expect(await sessions.isLive('s1', 'u1')).toBe(false);
    db.live.delete('s2');
    db.live.delete('s3');
    sessions.forgetUser('u1');
    expect(await sessions.isLive('s2', 'u1')).toBe(false);
    // Another user's sessions are still remembered.
    expect(await sessions.isLive('s3', 'u2')).toBe(true);
  });

  it('never remember a refusal, nor lend a session to another user', async () => {
    const db = table();
    const sessions = new LiveSessions(db.lookup, { ttlMs: 60_000, maxEntries: 100 });
    expect(await sessions.isLive('s9', 'u1')).toBe(false);
    db.live.set('s9', 'u1');
    expect(await sessions.isLive('s9', 'u1')).toBe(true);
    expect(await sessions.isLive('s1', 'u1')).toBe(true);
    expect(await sessions.isLive('s1', 'u2')).toBe(false);
  });

  it('forget the oldest answer when full', async () => {
    const db = table();
    const sessions = new LiveSessions(db.lookup, { ttlMs: 60_000, maxEntries: 2 });
    await sessions.isLive('s1', 'u1');
    await sessions.isLive('s2', 'u1');
    await sessions.isLive('s3', 'u2');
    db.asked.length = 0;
    await sessions.isLive('s2', 'u1');
    await sessions.isLive('s3', 'u2');
    expect(db.asked).toEqual([]);
    await sessions.isLive('s1', 'u1');
    expect(db.asked).toEqual(['s1']);
  });

  it('keep a session asked again after its answer ran out as the newest', async () => {
    const db = table();
    let now = 0;
    const sessions = new LiveSessions(db.lookup, { ttlMs: 10, maxEntries: 2, now: () => now });
    await sessions.isLive('s1', 'u1');
    now = 5;
    await sessions.isLive('s2', 'u1');
    now = 10;
    await sessions.isLive('s1', 'u1'); // ran out: asked again, now the newest
    await sessions.isLive('s3', 'u2'); // full: the oldest (s2) goes
    db.asked.length = 0;
    await sessions.isLive('s1', 'u1');
    expect(db.asked).toEqual([]);
    await sessions.isLive('s2', 'u1');
    expect(db.asked).toEqual(['s2']);
  });

  it("in every process, see another process's revocation within 5 seconds", () => {
    expect(liveSessionCache).toEqual({ ttlMs: 5000, maxEntries: 10_000 });
  });
});
