import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@podflow/contract/auth';
import { buildRegistration, buildSignedInUser, signIn } from '../../test/factories.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

const post = (
  t: TestApp,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe(`accounts on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('registration', () => {
    it('creates an account and answers the public user, never the password hash', async () => {
      const registration = buildRegistration({ username: '  Mixed.Case@Example.com ' });
      const response = await post(t, '/api/user/register/', registration);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        user: { username: 'mixed.case@example.com', first_name: 'Ada', last_name: 'Lovelace' },
        message: authMessages.registered,
      });
      expect(response.body).not.toContain('argon2');
    });

    it('refuses a second account for the same e-mail, whatever its case, with a clear message', async () => {
      const registration = buildRegistration();
      expect((await post(t, '/api/user/register/', registration)).statusCode).toBe(201);
      const again = await post(t, '/api/user/register/', {
        ...registration,
        username: registration.username.toUpperCase(),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(authMessages.duplicateEmail);
    });

    it('refuses a common or personal password with a sentence saying why, and makes no account', async () => {
      const common = buildRegistration({ password: '12345678' });
      const refused = await post(t, '/api/user/register/', common);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({
        password:
          'This password is too easy to guess: it is one of the most common passwords. Choose a longer one, such as three or four unrelated words.',
      });
      const personal = buildRegistration();
      const own = await post(t, '/api/user/register/', { ...personal, password: personal.username });
      expect(own.json().fields.password).toMatch(/it contains your name or e-mail address/);
      const named = await post(t, '/api/user/register/', { ...personal, password: 'AdaLovelace' });
      expect(named.statusCode).toBe(400);
      expect((await post(t, '/api/user/register/', personal)).statusCode).toBe(201);
      expect(
        (await post(t, '/api/token/', { username: common.username, password: '12345678' })).statusCode,
      ).toBe(401);
    });

    it('lets the new account sign in at once', async () => {
      const registration = buildRegistration();
      await post(t, '/api/user/register/', registration);
      const tokens = await signIn(t.app, registration.username, registration.password);
      expect(tokens.user).toEqual({
        username: registration.username,
        first_name: 'Ada',
        last_name: 'Lovelace',
      });
      expect(tokens.access.split('.')).toHaveLength(3);
      expect(tokens.refresh.length).toBeGreaterThan(30);
    });
  });

  describe('sign-in', () => {
    it('answers a wrong password and an unknown e-mail alike', async () => {
      const { registration } = await buildSignedInUser(t.app);
      const wrong = await post(t, '/api/token/', {
        username: registration.username,
        password: 'not the password',
      });
      const unknown = await post(t, '/api/token/', {
        username: 'nobody-here@example.com',
        password: 'not the password',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe(authMessages.badCredentials);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('gives an access token that opens signed-in calls and refuses a forged one', async () => {
      const { registration, tokens } = await buildSignedInUser(t.app);
      const body = {
        username: registration.username,
        currentPassword: 'wrong',
        newPassword: 'another password',
      };
      const withToken = await post(t, '/api/reset_password', body, {
        authorization: `Bearer ${tokens.access}`,
      });
      expect(withToken.statusCode).toBe(400); // authenticated: the current password is what is wrong
      const forged = tokens.access.slice(0, -4) + 'AAAA';
      const withForged = await post(t, '/api/reset_password', body, { authorization: `Bearer ${forged}` });
      expect(withForged.statusCode).toBe(401);
      const without = await post(t, '/api/reset_password', body);
      expect(without.statusCode).toBe(401);
    });
  });

  describe('refresh tokens', () => {
    for (const url of ['/api/token/refresh/', '/token/refresh/']) {
      it(`rotate on every use at ${url}`, async () => {
        const { tokens } = await buildSignedInUser(t.app);
        const first = await post(t, url, { refresh: tokens.refresh });
        expect(first.statusCode).toBe(200);
        const next = first.json();
        expect(next.refresh).not.toBe(tokens.refresh);
        expect(next.access).not.toBe(tokens.access);
        const second = await post(t, url, { refresh: next.refresh });
        expect(second.statusCode).toBe(200);
      });
    }

    it('answer the same pair to ten tabs refreshing one token at once, and the session goes on', async () => {
      const { tokens } = await buildSignedInUser(t.app);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(t, '/api/token/refresh/', { refresh: tokens.refresh })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      const pairs = new Set(answers.map((a) => `${a.json().access} ${a.json().refresh}`));
      expect(pairs.size).toBe(1);
      const pair = answers[0]?.json();
      const list = await t.app.inject({
        method: 'GET',
        url: '/workspace/get_workspaces/',
        headers: { authorization: `Bearer ${pair.access}` },
      });
      expect(list.statusCode).toBe(200);
      const next = await post(t, '/api/token/refresh/', { refresh: pair.refresh });
      expect(next.statusCode).toBe(200);
      expect(next.json().refresh).not.toBe(pair.refresh);
    });

    it('answer a token presented again within seconds (its answer was lost) with the same pair', async () => {
      const { tokens } = await buildSignedInUser(t.app);
      const lost = (await post(t, '/api/token/refresh/', { refresh: tokens.refresh })).json();
      const again = await post(t, '/api/token/refresh/', { refresh: tokens.refresh });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(lost);
      expect((await post(t, '/api/token/refresh/', { refresh: lost.refresh })).statusCode).toBe(200);
    });

    it('stop working for the whole session once it signs out', async () => {
      const { registration, tokens } = await buildSignedInUser(t.app);
      const other = await signIn(t.app, registration.username, registration.password);
      const rotated = (await post(t, '/api/token/refresh/', { refresh: tokens.refresh })).json();
      const out = await post(t, '/api/token/revoke/', { refresh: rotated.refresh });
      expect(out.statusCode).toBe(200);
      expect(out.json().message).toBe(authMessages.signedOut);
      expect((await post(t, '/api/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
      expect((await post(t, '/api/token/refresh/', { refresh: other.refresh })).statusCode).toBe(200);
      // Signing out with a token nobody knows says the same and reveals nothing.
      expect((await post(t, '/api/token/revoke/', { refresh: 'unknown' })).statusCode).toBe(200);
    });

    it('refuse an unknown token', async () => {
      const response = await post(t, '/token/refresh/', { refresh: 'made-up-token' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('ending a session', () => {
    const listWorkspaces = (access: string) =>
      t.app.inject({
        method: 'GET',
        url: '/workspace/get_workspaces/',
        headers: { authorization: `Bearer ${access}` },
      });

    it('refuses the access token of a signed-out session at once, other sessions go on', async () => {
      const { registration, tokens } = await buildSignedInUser(t.app);
      const other = await signIn(t.app, registration.username, registration.password);
      expect((await listWorkspaces(tokens.access)).statusCode).toBe(200);
      await post(t, '/api/token/revoke/', { refresh: tokens.refresh });
      const after = await listWorkspaces(tokens.access);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(authMessages.sessionExpired);
      expect((await listWorkspaces(other.access)).statusCode).toBe(200);
    });

    it("refuses other sessions' access tokens at once after a password change, not this one's", async () => {
      const { registration, tokens: here } = await buildSignedInUser(t.app);
      const elsewhere = await signIn(t.app, registration.username, registration.password);
      expect((await listWorkspaces(elsewhere.access)).statusCode).toBe(200);
      const changed = await post(
        t,
        '/api/reset_password',
        {
          username: registration.username,
          currentPassword: registration.password,
          newPassword: 'a brand new secret',
        },
        { authorization: `Bearer ${here.access}` },
      );
      expect(changed.statusCode).toBe(200);
      expect((await listWorkspaces(elsewhere.access)).statusCode).toBe(401);
      expect((await listWorkspaces(here.access)).statusCode).toBe(200);
    });

    it('refuses the access token of a user who no longer exists', async () => {
      const { registration } = await buildSignedInUser(t.app);
      // A fresh session, never checked yet: nothing of it is remembered.
      const tokens = await signIn(t.app, registration.username, registration.password);
      await t.db.deleteFrom('users').where('email', '=', registration.username).execute();
      expect((await listWorkspaces(tokens.access)).statusCode).toBe(401);
    });
  });

  describe('change password', () => {
    it('changes it, keeps this session and signs out every other one', async () => {
      const { registration, tokens: here } = await buildSignedInUser(t.app);
      const elsewhere = await signIn(t.app, registration.username, registration.password);
      const response = await post(
        t,
        '/api/reset_password',
        {
          username: registration.username,
          currentPassword: registration.password,
          newPassword: 'a brand new secret',
        },
        { authorization: `Bearer ${here.access}` },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: authMessages.passwordChanged });

      expect((await post(t, '/api/token/refresh/', { refresh: elsewhere.refresh })).statusCode).toBe(401);
      expect((await post(t, '/api/token/refresh/', { refresh: here.refresh })).statusCode).toBe(200);
      const oldPassword = await post(t, '/api/token/', {
        username: registration.username,
        password: registration.password,
      });
      expect(oldPassword.statusCode).toBe(401);
      await expect(signIn(t.app, registration.username, 'a brand new secret')).resolves.toBeTruthy();
    });

    it('says so when the current password is wrong and changes nothing', async () => {
      const { registration, tokens } = await buildSignedInUser(t.app);
      const response = await post(
        t,
        '/api/reset_password',
        { username: registration.username, currentPassword: 'wrong one', newPassword: 'a brand new secret' },
        { authorization: `Bearer ${tokens.access}` },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(authMessages.wrongCurrentPassword);
      await expect(signIn(t.app, registration.username, registration.password)).resolves.toBeTruthy();
    });

    it('refuses an easily guessed new password and keeps the old one', async () => {
      const { registration, tokens } = await buildSignedInUser(t.app);
      const response = await post(
        t,
        '/api/reset_password',
        { username: registration.username, currentPassword: registration.password, newPassword: 'password' },
        { authorization: `Bearer ${tokens.access}` },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.newPassword).toMatch(/^This password is too easy to guess: /);
      await expect(signIn(t.app, registration.username, registration.password)).resolves.toBeTruthy();
    });

    it("refuses to change another account's password", async () => {
      const victim = await buildSignedInUser(t.app);
      const { registration, tokens } = await buildSignedInUser(t.app);
      const response = await post(
        t,
        '/api/reset_password',
        {
          username: victim.registration.username,
          currentPassword: registration.password,
          newPassword: 'taken over!',
        },
        { authorization: `Bearer ${tokens.access}` },
      );
      expect(response.statusCode).toBe(403);
      await expect(
        signIn(t.app, victim.registration.username, victim.registration.password),
      ).resolves.toBeTruthy();
    });
  });

  describe('failed sign-in throttling', () => {
    it('locks an e-mail and address after 5 failures with 429 and Retry-After, even for the right password', async () => {
      const { registration } = await buildSignedInUser(t.app);
      const ip = '203.0.113.7';
      for (let i = 0; i < 5; i += 1) {
        const failed = await post(
          t,
          '/api/token/',
          { username: registration.username, password: `guess ${i}` },
          {},
          ip,
        );
        expect(failed.statusCode).toBe(401);
      }
      const locked = await post(
        t,
        '/api/token/',
        { username: registration.username, password: registration.password },
        {},
        ip,
      );
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.json().message).toBe(authMessages.throttled);
      // The same account from another address is not locked out by someone else's guessing.
      const other = await post(
        t,
        '/api/token/',
        { username: registration.username, password: registration.password },
        {},
        '198.51.100.9',
      );
      expect(other.statusCode).toBe(200);
    });

    it('judges at most 5 of 25 concurrent wrong passwords from one address, the rest get 429', async () => {
      const { registration } = await buildSignedInUser(t.app);
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          post(
            t,
            '/api/token/',
            { username: registration.username, password: `guess ${i}` },
            {},
            '203.0.113.60',
          ),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    });

    it('answers unknown e-mails exactly like known ones, so it reveals nothing', async () => {
      const ip = '203.0.113.8';
      const statuses: number[] = [];
      const bodies: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await post(
          t,
          '/api/token/',
          { username: 'ghost@example.com', password: `guess ${i}` },
          {},
          ip,
        );
        statuses.push(response.statusCode);
        bodies.push(response.json().message);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect(bodies.at(-1)).toBe(authMessages.throttled);
    });
  });
});

describe(`token lifetimes and route limits on ${testDbKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ACCESS_TOKEN_TTL_SECONDS: '1', AUTH_RATE_LIMIT_PER_MINUTE: '6' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an expired access token, and a refresh brings a working one', async () => {
    const { registration, tokens } = await buildSignedInUser(t.app);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const body = {
      username: registration.username,
      currentPassword: 'wrong',
      newPassword: 'another password',
    };
    const expired = await post(t, '/api/reset_password', body, { authorization: `Bearer ${tokens.access}` });
    expect(expired.statusCode).toBe(401);
    const fresh = (await post(t, '/api/token/refresh/', { refresh: tokens.refresh })).json();
    const retried = await post(t, '/api/reset_password', body, { authorization: `Bearer ${fresh.access}` });
    expect(retried.statusCode).toBe(400);
  });

  it('limits calls per address to the session routes with 429 and Retry-After', async () => {
    const ip = '192.0.2.44';
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 8; i += 1) {
      last = await post(t, '/api/user/register/', buildRegistration(), {}, ip);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 6).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json().message).toMatch(/too many requests/i);
  });
});
