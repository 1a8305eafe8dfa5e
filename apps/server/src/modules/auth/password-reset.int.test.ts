import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@podflow/contract/auth';
import {
  startTestSmtpServer,
  type TestSmtpServer,
  type ReceivedMail,
} from '../../platform/mail/test-smtp-server.ts';
import { buildSignedInUser, signIn } from '../../test/factories.ts';
import { type TestApp, startTestApp, testDbKind } from '../../test/test-app.ts';

let addressCounter = 0;
/** A client address of its own, so one test's requests never count against another's limit. */
const newAddress = () => `10.30.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const post = (t: TestApp, url: string, payload: unknown, remoteAddress = newAddress(), host?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress,
    ...(host ? { headers: { host } } : {}),
  });

const linkIn = (mail: ReceivedMail) => {
  const match = /(https?:\/\/\S+\/reset-password\/([\w-]+))/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return { url: match[1]!, token: match[2]! };
};

describe(`password reset on ${testDbKind}`, () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'PodFlow <support@podflow.test>' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Asks for a link for a new account and answers the account and the link from the e-mail. */
  async function requestLink(host = 'app.podflow.test') {
    const user = await buildSignedInUser(t.app);
    const response = await post(
      t,
      '/api/password_reset/',
      { email: user.registration.username },
      newAddress(),
      host,
    );
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(user.registration.username));
    return { ...user, mail, ...linkIn(mail) };
  }

  it('answers alike for an unknown e-mail and sends nothing to it', async () => {
    const unknown = await post(t, '/api/password_reset/', { email: 'nobody-here@example.com' });
    const { registration } = await buildSignedInUser(t.app);
    const known = await post(t, '/api/password_reset/', {
      email: `  ${registration.username.toUpperCase()} `,
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: authMessages.resetRequested });
    expect(known.json()).toEqual(unknown.json());
    await smtp.waitFor((m) => m.envelopeTo.includes(registration.username));
    expect(smtp.received.filter((m) => m.envelopeTo.includes('nobody-here@example.com'))).toHaveLength(0);
  });

  it('mails a link to the address the server listens on, never the Host named, valid for one hour', async () => {
    const before = Date.now();
    const { mail, url, token, registration } = await requestLink('attacker.example:8443');
    expect(mail.subject).toBe('Reset your PodFlow password');
    expect(mail.from).toBe('PodFlow <support@podflow.test>');
    expect(mail.text).toContain(`PodFlow account ${registration.username}`);
    expect(url).toBe(`${t.url}/reset-password/${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(mail.html).toContain(`href="${url}"`);
    // Only a hash of the token is stored.
    const rows = await t.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);

    const check = await post(t, '/api/password_reset/check/', { token });
    expect(check.statusCode).toBe(200);
    const expiresAt = Date.parse(check.json().expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(3600_000);
  });

  it('sets the new password once, signs every session out, and the old password stops working', async () => {
    const { token, registration, tokens } = await requestLink();
    const second = await signIn(t.app, registration.username, registration.password);

    const reset = await post(t, '/api/password_reset/confirm/', { token, password: 'brand new secret' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: authMessages.passwordReset });

    // Access tokens stop working at once too, not when they expire.
    for (const access of [tokens.access, second.access]) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/workspace/get_workspaces/',
        headers: { authorization: `Bearer ${access}` },
      });
      expect(list.statusCode).toBe(401);
    }

    for (const refresh of [tokens.refresh, second.refresh]) {
      const refused = await post(t, '/api/token/refresh/', { refresh });
      expect(refused.statusCode).toBe(401);
    }
    const old = await post(t, '/api/token/', {
      username: registration.username,
      password: registration.password,
    });
    expect(old.statusCode).toBe(401);
    await expect(signIn(t.app, registration.username, 'brand new secret')).resolves.toBeTruthy();

    const again = await post(t, '/api/password_reset/confirm/', { token, password: 'third secret here' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: authMessages.resetLinkUsed, code: 'reset_link_used' });
    const check = await post(t, '/api/password_reset/check/', { token });
    expect(check.json().code).toBe('reset_link_used');
    await expect(signIn(t.app, registration.username, 'brand new secret')).resolves.toBeTruthy();
  });

  it('spends every other link of the account when one is used', async () => {
    const first = await requestLink();
    await post(t, '/api/password_reset/', { email: first.registration.username });
    const secondMail = await smtp.waitFor(
      (m) => m.envelopeTo.includes(first.registration.username) && linkIn(m).token !== first.token,
    );
    const second = linkIn(secondMail);
    expect(
      (await post(t, '/api/password_reset/confirm/', { token: second.token, password: 'new secret one' }))
        .statusCode,
    ).toBe(200);
    const stale = await post(t, '/api/password_reset/confirm/', {
      token: first.token,
      password: 'new secret two',
    });
    expect(stale.json().code).toBe('reset_link_used');
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const { token, registration } = await requestLink();
    const hourAgo = Date.now() - 3600_000;
    await t.db
      .updateTable('password_reset_tokens')
      .set({ created_at: hourAgo - 1000, expires_at: hourAgo })
      .where('used_at', 'is', null)
      .execute();
    const check = await post(t, '/api/password_reset/check/', { token });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({
      message: authMessages.resetLinkExpired,
      code: 'reset_link_expired',
    });
    const confirm = await post(t, '/api/password_reset/confirm/', { token, password: 'too late secret' });
    expect(confirm.json().code).toBe('reset_link_expired');
    await expect(signIn(t.app, registration.username, registration.password)).resolves.toBeTruthy();
  });

  it('refuses an unknown link and keeps the registration rules for the new password', async () => {
    const unknown = await post(t, '/api/password_reset/check/', { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: authMessages.resetLinkUnknown,
      code: 'reset_link_unknown',
    });

    const { token } = await requestLink();
    const short = await post(t, '/api/password_reset/confirm/', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ password: 'Use at least 8 characters for the password.' });
    const guessable = await post(t, '/api/password_reset/confirm/', { token, password: 'password1' });
    expect(guessable.statusCode).toBe(400);
    expect(guessable.json().fields.password).toMatch(
      /^This password is too easy to guess: it is one of the most common passwords\./,
    );
    expect((await post(t, '/api/password_reset/check/', { token })).statusCode).toBe(200);
  });

  it('lifts a sign-in lock-out of the account from the address that reset it', async () => {
    const { token, registration } = await requestLink();
    const address = newAddress();
    for (let i = 0; i < 5; i += 1) {
      await post(t, '/api/token/', { username: registration.username, password: 'wrong guess' }, address);
    }
    const locked = await post(t, '/api/token/', { username: registration.username, password: 'x' }, address);
    expect(locked.statusCode).toBe(429);
    await post(t, '/api/password_reset/confirm/', { token, password: 'remembered now' }, address);
    const after = await post(
      t,
      '/api/token/',
      { username: registration.username, password: 'remembered now' },
      address,
    );
    expect(after.statusCode).toBe(200);
  });

  it('sends at most 3 links per account per hour, answering every request alike', async () => {
    const { registration } = await buildSignedInUser(t.app);
    for (let i = 0; i < 4; i += 1) {
      const response = await post(t, '/api/password_reset/', { email: registration.username });
      expect(response.json()).toEqual({ message: authMessages.resetRequested });
    }
    const sentTo = () => smtp.received.filter((m) => m.envelopeTo.includes(registration.username)).length;
    await expect.poll(sentTo).toBe(3);
    // The fourth request's work has finished once a later request's mail has arrived.
    const { registration: other } = await buildSignedInUser(t.app);
    await post(t, '/api/password_reset/', { email: other.username });
    await smtp.waitFor((m) => m.envelopeTo.includes(other.username));
    expect(sentTo()).toBe(3);
  });

  it('allows 5 link requests per address in 15 minutes, then answers 429 with a sentence', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await post(t, '/api/password_reset/', { email: 'x@example.com' }, address)).statusCode).toBe(
        200,
      );
    }
    const refused = await post(t, '/api/password_reset/', { email: 'x@example.com' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(authMessages.resetThrottled);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe(`password reset links with PUBLIC_URL on ${testDbKind}`, () => {
  it('point at PUBLIC_URL whatever Host or X-Forwarded-Host (behind a trusted proxy) the request named', async () => {
    const smtp = await startTestSmtpServer();
    const t = await startTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://app.podflow.example/',
      TRUST_PROXY: 'true',
    });
    try {
      const { registration } = await buildSignedInUser(t.app);
      await post(t, '/api/password_reset/', { email: registration.username }, newAddress(), 'evil.example');
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(registration.username));
      expect(linkIn(mail).url).toMatch(/^https:\/\/app\.podflow\.example\/reset-password\/[\w-]{43}$/);
      const forwarded = await buildSignedInUser(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/password_reset/',
        payload: { email: forwarded.registration.username },
        remoteAddress: newAddress(),
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      });
      expect(response.statusCode).toBe(200);
      const second = await smtp.waitFor((m) => m.envelopeTo.includes(forwarded.registration.username));
      expect(linkIn(second).url).toMatch(/^https:\/\/app\.podflow\.example\/reset-password\/[\w-]{43}$/);
      expect(second.text).not.toContain('evil.example');
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
