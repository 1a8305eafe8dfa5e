import { z } from 'zod';
import { text } from './fields.ts';

/** SPEC.md section 7 "Session": sign-in, registration, refresh and change password. */

/** E-mail addresses are compared trimmed and lower-cased. */
const email = text('Email')
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: 'Enter a valid e-mail address.' })
      .max(254, { error: 'An e-mail address has at most 254 characters.' }),
  );

const name = (label: string) =>
  text(label)
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(150, { error: `${label} has at most 150 characters.` });

/** Passwords are bounded above so that hashing stays cheap to refuse and hard to abuse. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const newPassword = text('Password')
  .min(PASSWORD_MIN, { error: `Use at least ${PASSWORD_MIN} characters for the password.` })
  .max(PASSWORD_MAX, { error: `A password has at most ${PASSWORD_MAX} characters.` });
const anyPassword = text('Password')
  .min(1, { error: 'Password is required.' })
  .max(PASSWORD_MAX, { error: `A password has at most ${PASSWORD_MAX} characters.` });

export const publicUser = z
  .object({ username: z.string(), first_name: z.string(), last_name: z.string() })
  .meta({ id: 'User' });
export type PublicUser = z.infer<typeof publicUser>;

export const registerRequest = z.object({
  first_name: name('First name'),
  last_name: name('Last name'),
  username: email,
  password: newPassword,
  marketing_opt_in: z.boolean({ error: 'marketing_opt_in must be true or false.' }).optional().default(false),
});
export type RegisterRequest = z.input<typeof registerRequest>;
export const registerResponse = z.object({ user: publicUser, message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const tokenRequest = z.object({
  username: text('Email').max(254, { error: 'An e-mail address has at most 254 characters.' }),
  password: anyPassword,
});
export type TokenRequest = z.infer<typeof tokenRequest>;
export const tokenResponse = z.object({ access: z.string(), refresh: z.string(), user: publicUser });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const refreshRequest = z.object({
  refresh: text('The refresh token')
    .min(1, { error: 'The refresh token is required.' })
    .max(512, { error: 'This is not a refresh token.' }),
});
export type RefreshRequest = z.infer<typeof refreshRequest>;
/** Refresh tokens rotate: every refresh answers a new pair and the old refresh token is spent. */
export const refreshResponse = z.object({ access: z.string(), refresh: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const changePasswordRequest = z.object({
  username: text('Email').max(254, { error: 'An e-mail address has at most 254 characters.' }),
  currentPassword: text('Current password')
    .min(1, { error: 'Current password is required.' })
    .max(PASSWORD_MAX, { error: `A password has at most ${PASSWORD_MAX} characters.` }),
  newPassword: newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Password reset (beyond the spec): ask for a link by e-mail, then set a new password with it. */
export const passwordResetRequest = z.object({ email }).meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;
const resetToken = text('The reset link')
  .min(1, { error: 'The reset link is incomplete.' })
  .max(128, { error: 'This is not a password reset link.' });
export const passwordResetCheckRequest = z.object({ token: resetToken });
export type PasswordResetCheckRequest = z.infer<typeof passwordResetCheckRequest>;
/** A valid link: when it stops working (ISO 8601). */
export const passwordResetCheckResponse = z.object({ message: z.string(), expires_at: z.string() });
export type PasswordResetCheckResponse = z.infer<typeof passwordResetCheckResponse>;
export const passwordResetConfirmRequest = z.object({ token: resetToken, password: newPassword });
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequest>;

/** The claims of an access token that a client may read (it never verifies them). */
export const accessClaims = z.object({ sub: z.string(), sid: z.string(), exp: z.number() });
export type AccessClaims = z.infer<typeof accessClaims>;

/** Messages a user sees, in one place so the server and the web app say the same thing. */
export const authMessages = {
  badCredentials: 'No active account found with the given credentials.',
  duplicateEmail: 'An account with this e-mail already exists. Sign in or reset your password.',
  throttled: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  accountThrottled:
    'Too many failed sign-in attempts on this account from new places. Please wait a moment and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  samePassword: 'Choose a new password that differs from the current one.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  registered: 'Your account has been created.',
  signedOut: 'You have been logged out.',
  resetRequested:
    'If an account exists for this e-mail, a link to reset its password is on its way. The link works once, within one hour.',
  resetThrottled:
    'Too many password reset requests from this address. Please wait a few minutes and try again.',
  resetLinkValid: 'This link is valid. Choose a new password.',
  resetLinkUnknown:
    'This password reset link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.',
  resetLinkExpired: 'This password reset link has expired: links work for one hour. Ask for a new one.',
  resetLinkUsed: 'This password reset link has already been used. Ask for a new one if you need to.',
  passwordReset:
    'Your password has been reset and every device has been signed out. Sign in with your new password.',
} as const;
