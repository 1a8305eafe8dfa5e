import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@podflow/contract/auth';
import { AccessTokens, RefreshTokenSuccessors } from '../../platform/auth/tokens.ts';
import { UserError } from '../../platform/errors.ts';
import { type TestDatabase, openTestDatabase, testDbKind } from '../../test/test-app.ts';
import { buildRegistration } from '../../test/factories.ts';
import { authRepo } from './auth.repo.ts';
import { type AuthService, authService, refreshReuseGraceMs } from './auth.service.ts';
import { type LoginLimits, loginThrottle } from './login-throttle.ts';
import { loginThrottleRepo } from './login-throttle.repo.ts';

const day = 24 * 3600 * 1000;
const secret = 'c'.repeat(40);
const limits: LoginLimits = {
  maxFailures: 5,
  lockSeconds: 900,
  accountMaxFailures: 10,
  accountMaxDelaySeconds: 300,
};

/** The service on a clock the test moves, with what it told the session memory. */
function build(t: TestDatabase, clock: { now: number }, override: Partial<LoginLimits> = {}) {
  const forgotten: string[] = [];
  const auth = authService({
    repo: authRepo(t.db),
    throttle: loginThrottle(loginThrottleRepo(t.db), { ...limits, ...override }),
    accessTokens: new AccessTokens(secret, 900),
    successors: new RefreshTokenSuccessors(secret),
    sessions: {
      forgetSession: (id) => forgotten.push(`session ${id}`),
      forgetUser: (id) => forgotten.push(`user ${id}`),
    },
    refreshTokenTtlSeconds: 30 * 24 * 3600,
    sessionMaxSeconds: 90 * 24 * 3600,
    now: () => clock.now,
  });
  return { auth, forgotten };
}

/** What a caller sees of a sign-in: 200, 401 or 429 with its Retry-After. */
async function attempt(auth: AuthService, email: string, password: string, ip: string): Promise<string> {
  try {
    await auth.signIn(email, password, ip);
    return '200';
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    if (error.status === 429) expect(error.code).toBe('too_many_attempts');
    const retryAfter = error.headers['Retry-After'];
    return retryAfter ? `${error.status} ${retryAfter}` : String(error.status);
  }
}

async function newAccount(auth: AuthService) {
  const registration = buildRegistration();
  await auth.register({ ...registration, marketing_opt_in: false });
  return { email: registration.username, password: registration.password };
}

describe(`sessions on ${testDbKind}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t.close();
  });

  it('end 90 days after sign-in however fresh the refresh token is', async () => {
    const clock = { now: Date.UTC(2026, 0, 1) };
    const { auth } = build(t, clock);
    const { email, password } = await newAccount(auth);
    const signedIn = await auth.signIn(email, password, '192.0.2.1');
    let refresh = signedIn.refresh;
    for (let days = 20; days <= 80; days += 20) {
      clock.now = Date.UTC(2026, 0, 1) + days * day;
      refresh = (await auth.refresh(refresh)).refresh;
    }
    const { sid, sub } = decodeJwt(signedIn.access);
    expect(await auth.sessionIsLive(String(sid), String(sub))).toBe(true);
    clock.now = Date.UTC(2026, 0, 1) + 90 * day; // the token from day 80 is 10 days old
    await expect(auth.refresh(refresh)).rejects.toMatchObject({
      status: 401,
      message: authMessages.sessionExpired,
    });
    expect(await auth.sessionIsLive(String(sid), String(sub))).toBe(false);
    // A new sign-in starts a new 90 days.
    await expect(auth.signIn(email, password, '192.0.2.1')).resolves.toBeTruthy();
  });

  it('answer a spent token with the same pair within the grace window and revoke the family after it', async () => {
    const clock = { now: Date.UTC(2026, 1, 1) };
    const { auth, forgotten } = build(t, clock);
    const { email, password } = await newAccount(auth);
    const first = await auth.signIn(email, password, '192.0.2.2');
    const other = await auth.signIn(email, password, '192.0.2.2');
    const pair = await auth.refresh(first.refresh);
    clock.now += refreshReuseGraceMs;
    expect(await auth.refresh(first.refresh)).toEqual(pair);
    clock.now += 1;
    await expect(auth.refresh(first.refresh)).rejects.toMatchObject({ status: 401 });
    // The thief's replay also ends the pair the rightful holder got, and this process forgets it.
    await expect(auth.refresh(pair.refresh)).rejects.toMatchObject({ status: 401 });
    expect(forgotten).toHaveLength(1);
    // Other sessions of the same user go on.
    await expect(auth.refresh(other.refresh)).resolves.toBeTruthy();
  });

  it('refuse a successor that was itself revoked, even within the grace window', async () => {
    const clock = { now: Date.UTC(2026, 1, 2) };
    const { auth } = build(t, clock);
    const { email, password } = await newAccount(auth);
    const first = await auth.signIn(email, password, '192.0.2.3');
    const pair = await auth.refresh(first.refresh);
    await auth.signOut(pair.refresh);
    await expect(auth.refresh(first.refresh)).rejects.toMatchObject({ status: 401 });
  });
});

describe(`sign-in throttling on ${testDbKind}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t.close();
  });

  it('locks an e-mail and address for 15 minutes after 5 failures, then lets it try again', async () => {
    const clock = { now: Date.UTC(2026, 2, 1) };
    const { auth } = build(t, clock);
    const { email, password } = await newAccount(auth);
    const ip = '198.51.100.1';
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await attempt(auth, email, `guess ${i}`, ip));
    expect(answers).toEqual(['401', '401', '401', '401', '401', '429 900']);
    clock.now += 600_000;
    expect(await attempt(auth, email, password, ip)).toBe('429 300');
    clock.now += 300_000;
    expect(await attempt(auth, email, 'guess 7', ip)).toBe('401');
    expect(await attempt(auth, email, password, ip)).toBe('200');
  });

  it('starts counting again when the window since the first failure has passed', async () => {
    const clock = { now: Date.UTC(2026, 2, 2) };
    const { auth } = build(t, clock);
    const { email, password } = await newAccount(auth);
    const ip = '198.51.100.2';
    for (let i = 0; i < 4; i += 1) expect(await attempt(auth, email, `guess ${i}`, ip)).toBe('401');
    clock.now += 900_001;
    for (let i = 0; i < 4; i += 1) expect(await attempt(auth, email, `again ${i}`, ip)).toBe('401');
    expect(await attempt(auth, email, password, ip)).toBe('200');
    // Success clears the count: five more tries before the lock.
    for (let i = 0; i < 5; i += 1) expect(await attempt(auth, email, `later ${i}`, ip)).toBe('401');
    expect(await attempt(auth, email, password, ip)).toBe('429 900');
  });

  it('holds across addresses: 10 addresses get 10 guesses, then each waits twice as long, up to 5 minutes', async () => {
    const clock = { now: Date.UTC(2026, 2, 3) };
    const { auth } = build(t, clock);
    const { email } = await newAccount(auth);
    const addresses = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);
    const answers: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      for (const ip of addresses) answers.push(await attempt(auth, email, `guess ${round} ${ip}`, ip));
    }
    expect(answers.filter((a) => a === '401')).toHaveLength(10);
    expect(answers.slice(10).every((a) => a === '429 1')).toBe(true);
    const waits: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const wait = Number((await attempt(auth, email, 'guess', '203.0.113.99')).split(' ')[1]);
      clock.now += wait * 1000;
      expect(await attempt(auth, email, `guess after ${i}`, addresses[i % 10] ?? '')).toBe('401');
      waits.push(String(wait));
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '64', '128', '256', '300', '300']);
  });

  it('never delays the seller at an address they signed in from before, which keeps its own limit', async () => {
    const clock = { now: Date.UTC(2026, 2, 4) };
    const { auth } = build(t, clock);
    const { email, password } = await newAccount(auth);
    const home = '192.0.2.50';
    expect(await attempt(auth, email, password, home)).toBe('200');
    clock.now += 179 * day; // known for 180 days after the last sign-in from there
    for (let i = 0; i < 30; i += 1) await attempt(auth, email, `guess ${i}`, `203.0.113.${i}`);
    expect(await attempt(auth, email, password, '198.51.100.77')).toMatch(/^429 /);
    expect(await attempt(auth, email, password, home)).toBe('200');
    for (let i = 0; i < 5; i += 1) expect(await attempt(auth, email, `typo ${i}`, home)).toBe('401');
    expect(await attempt(auth, email, password, home)).toBe('429 900');
  });

  it('forgets an address 180 days after its last sign-in', async () => {
    const clock = { now: Date.UTC(2026, 3, 1) };
    const { auth } = build(t, clock);
    const { email, password } = await newAccount(auth);
    const home = '192.0.2.51';
    expect(await attempt(auth, email, password, home)).toBe('200');
    clock.now += 180 * day + 1;
    for (let i = 0; i < 10; i += 1) await attempt(auth, email, `guess ${i}`, `203.0.113.${i}`);
    expect(await attempt(auth, email, password, home)).toBe('429 1');
  });

  it("gives the guesser nothing back when the seller signs in at home, and spares a traveller's success", async () => {
    const clock = { now: Date.UTC(2026, 3, 2) };
    const { auth } = build(t, clock);
    const { email, password } = await newAccount(auth);
    const home = '192.0.2.52';
    expect(await attempt(auth, email, password, home)).toBe('200');
    for (let i = 0; i < 8; i += 1)
      expect(await attempt(auth, email, `guess ${i}`, `203.0.113.${i}`)).toBe('401');
    // A success from a new address is no failure: it does not use up the account's attempts.
    expect(await attempt(auth, email, password, '198.51.100.33')).toBe('200');
    for (let i = 8; i < 10; i += 1)
      expect(await attempt(auth, email, `guess ${i}`, `203.0.113.${i}`)).toBe('401');
    expect(await attempt(auth, email, 'guess 10', '203.0.113.10')).toBe('429 1');
    for (let i = 0; i < 3; i += 1) expect(await attempt(auth, email, password, home)).toBe('200');
    expect(await attempt(auth, email, 'guess 11', '203.0.113.11')).toBe('429 1');
    // Once the wait is over the guesser is still past the limit: the next wait doubles.
    clock.now += 1000;
    expect(await attempt(auth, email, 'guess 12', '203.0.113.12')).toBe('401');
    expect(await attempt(auth, email, 'guess 13', '203.0.113.13')).toBe('429 2');
  });

  it('with limits of one, the first failure locks the pair and the first attempt delays the account', async () => {
    const clock = { now: Date.UTC(2026, 3, 3) };
    const { auth } = build(t, clock, { maxFailures: 1, accountMaxFailures: 1 });
    const { email } = await newAccount(auth);
    expect(await attempt(auth, email, 'guess', '203.0.113.1')).toBe('401');
    expect(await attempt(auth, email, 'guess', '203.0.113.2')).toBe('429 1');
    clock.now += 1000;
    expect(await attempt(auth, email, 'guess', '203.0.113.1')).toBe('429 899');
  });

  it('keeps no e-mail or address in the clear', async () => {
    const clock = { now: Date.UTC(2026, 3, 4) };
    const { auth } = build(t, clock);
    const { email, password } = await newAccount(auth);
    await attempt(auth, email, 'guess', '203.0.113.200');
    await attempt(auth, email, password, '203.0.113.201');
    const keys = [
      ...(await t.db.selectFrom('login_failures').select('key').execute()),
      ...(await t.db.selectFrom('login_account_failures').select('key').execute()),
      ...(await t.db.selectFrom('login_known_addresses').select('key').execute()),
    ].map((row) => row.key);
    expect(keys.length).toBeGreaterThan(2);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('does not count an address against its own limit while the account makes it wait', async () => {
    const clock = { now: Date.UTC(2026, 2, 5) };
    const { auth } = build(t, clock);
    const { email, password } = await newAccount(auth);
    for (let i = 0; i < 10; i += 1) await attempt(auth, email, `guess ${i}`, `203.0.113.${i}`);
    const traveller = '198.51.100.80';
    for (let i = 0; i < 8; i += 1) expect(await attempt(auth, email, password, traveller)).toBe('429 1');
    clock.now += 1000;
    expect(await attempt(auth, email, password, traveller)).toBe('200');
  });

  it('evaluates at most 5 of 25 concurrent wrong tries from one address', async () => {
    const clock = { now: Date.UTC(2026, 2, 6) };
    const { auth } = build(t, clock);
    const { email } = await newAccount(auth);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt(auth, email, `guess ${i}`, '198.51.100.90')),
    );
    expect(answers.filter((a) => a === '401')).toHaveLength(5);
    expect(answers.filter((a) => a.startsWith('429 '))).toHaveLength(20);
  });

  it('evaluates at most 10 of 25 concurrent wrong tries from 25 addresses', async () => {
    const clock = { now: Date.UTC(2026, 2, 7) };
    const { auth } = build(t, clock);
    const { email } = await newAccount(auth);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt(auth, email, `guess ${i}`, `203.0.113.${100 + i}`)),
    );
    expect(answers.filter((a) => a === '401')).toHaveLength(10);
    expect(answers.filter((a) => a === '429 1')).toHaveLength(15);
  });
});
