import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, saveSignIn } from '../../api/session';
import { errorBody, json, stubApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  { path: '/login', element: <h1>Sign in to your account</h1> },
];

const requested =
  'If an account exists for this e-mail, a link to reset its password is on its way. The link works once, within one hour.';
const expired = 'This password reset link has expired: links work for one hour. Ask for a new one.';
const done =
  'Your password has been reset and every device has been signed out. Sign in with your new password.';

const password = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('Forgot password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the e-mail and says a link is on its way, whatever the account', async () => {
    const api = stubApi((url) =>
      url.endsWith('/api/password_reset/') ? json(200, { message: requested }) : undefined,
    );
    renderRoutes(routes, '/forgot-password');

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: ' ada@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(requested)).toBeTruthy();
    expect(api.callsTo('/api/password_reset/')[0]?.body).toEqual({ email: 'ada@example.com' });

    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(api.count('/api/password_reset/')).toBe(2));
    expect(api.callsTo('/api/password_reset/')[1]?.body).toEqual({ email: 'ada@example.com' });
  });

  it("shows the server's sentence when it refuses (too many requests)", async () => {
    const throttled =
      'Too many password reset requests from this address. Please wait a few minutes and try again.';
    stubApi(() => json(429, errorBody(throttled, 'too_many_attempts')));
    renderRoutes(routes, '/forgot-password');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(throttled)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });
});

describe('Reset password', () => {
  afterEach(() => vi.unstubAllGlobals());

  const validLink = (url: string) =>
    url.endsWith('/api/password_reset/check/')
      ? json(200, {
          message: 'This link is valid.',
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        })
      : undefined;

  it('sets the new password, signs this browser out and offers to sign in', async () => {
    saveSignIn({
      access: 'a1',
      refresh: 'r1',
      user: { username: 'ada@example.com', first_name: 'Ada', last_name: 'L' },
    });
    const api = stubApi((url) =>
      url.endsWith('/api/password_reset/confirm/') ? json(200, { message: done }) : validLink(url),
    );
    renderRoutes(routes, '/reset-password/tok_123');

    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
      target: { value: 'brand new secret' },
    });
    fireEvent.change(password('Confirm new password'), { target: { value: 'brand new secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(done)).toBeTruthy();
    expect(api.callsTo('/api/password_reset/check/')[0]?.body).toEqual({ token: 'tok_123' });
    expect(api.callsTo('/api/password_reset/confirm/')[0]?.body).toEqual({
      token: 'tok_123',
      password: 'brand new secret',
    });
    expect(getAccessToken()).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
  });

  it('says the passwords differ and sends nothing', async () => {
    const api = stubApi(validLink);
    renderRoutes(routes, '/reset-password/tok_123');
    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
      target: { value: 'brand new secret' },
    });
    fireEvent.change(password('Confirm new password'), { target: { value: 'something else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findAllByText('Passwords do not match')).length).toBeGreaterThan(0);
    expect(api.count('/api/password_reset/confirm/')).toBe(0);
  });

  it("shows the server's password rule under the field", async () => {
    const rule = 'Use at least 8 characters for the password.';
    stubApi((url) =>
      url.endsWith('/api/password_reset/confirm/')
        ? json(400, { ...errorBody(rule, 'validation_error'), fields: { password: rule } })
        : validLink(url),
    );
    renderRoutes(routes, '/reset-password/tok_123');
    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
      target: { value: 'short' },
    });
    fireEvent.change(password('Confirm new password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(rule)).toBeTruthy();
  });

  it('says at once when the link has expired, with a way to ask for a new one', async () => {
    stubApi((url) =>
      url.endsWith('/api/password_reset/check/')
        ? json(400, errorBody(expired, 'reset_link_expired'))
        : undefined,
    );
    renderRoutes(routes, '/reset-password/old_token');
    expect(await screen.findByText(expired)).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });

  it('says so when the link was used meanwhile (in another tab)', async () => {
    const used = 'This password reset link has already been used. Ask for a new one if you need to.';
    stubApi((url) =>
      url.endsWith('/api/password_reset/confirm/')
        ? json(400, errorBody(used, 'reset_link_used'))
        : validLink(url),
    );
    renderRoutes(routes, '/reset-password/tok_123');
    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
      target: { value: 'brand new secret' },
    });
    fireEvent.change(password('Confirm new password'), { target: { value: 'brand new secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(used)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });
});
