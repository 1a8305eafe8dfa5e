import { useSyncExternalStore } from 'react';
import type { AccessClaims, PublicUser, RefreshResponse } from '@podflow/contract/auth';

/**
 * Everything the app keeps in the browser (SPEC.md section 3), under the keys the spec names.
 * Nothing else in the app touches localStorage.
 */
export const storageKeys = {
  access: 'access',
  refresh: 'refresh',
  user: 'user',
  firstName: 'first_name',
  lastName: 'last_name',
  workspaceId: 'workspace_id',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();

function emitChange(): void {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  window.localStorage.setItem(key, value);
}

/** The stored access token, or null when signed out. */
export function getAccessToken(): string | null {
  return read(storageKeys.access);
}

/** The stored refresh token, or null. */
export function getRefreshToken(): string | null {
  return read(storageKeys.refresh);
}

/** Stores the tokens and user info a sign-in answers. */
export function saveSignIn(reply: { access: string; refresh: string; user: PublicUser }): void {
  write(storageKeys.access, reply.access);
  write(storageKeys.refresh, reply.refresh);
  write(storageKeys.user, reply.user.username);
  write(storageKeys.firstName, reply.user.first_name);
  write(storageKeys.lastName, reply.user.last_name);
  emitChange();
}

/** Stores a rotated token pair: every refresh spends the old refresh token. */
export function saveTokens(tokens: RefreshResponse): void {
  write(storageKeys.access, tokens.access);
  write(storageKeys.refresh, tokens.refresh);
  emitChange();
}

/** Signs out locally: removes the tokens, the user info and the current workspace (this tab's too). */
export function clearSession(): void {
  for (const key of Object.values(storageKeys)) window.localStorage.removeItem(key);
  setTabWorkspaceId(null);
  emitChange();
}

/** Clears all of the site's local storage (SPEC.md: /logout and /register do this on arrival). */
export function clearAllStorage(): void {
  window.localStorage.clear();
  setTabWorkspaceId(null);
  emitChange();
}

/** The workspace the user picked last, or null. */
export function getCurrentWorkspaceId(): string | null {
  return read(storageKeys.workspaceId);
}

/** Remembers the workspace the user picked. */
export function setCurrentWorkspaceId(workspaceId: string): void {
  write(storageKeys.workspaceId, workspaceId);
  emitChange();
}

/** Forgets the current workspace (it was deleted). */
export function clearCurrentWorkspaceId(): void {
  window.localStorage.removeItem(storageKeys.workspaceId);
  emitChange();
}

/** This tab's own workspace (sessionStorage is per tab), kept for links that do not name one. */
const tabWorkspaceKey = 'tab_workspace_id';

/** The workspace this tab last worked in, or null. */
export function getTabWorkspaceId(): string | null {
  try {
    return window.sessionStorage.getItem(tabWorkspaceKey);
  } catch {
    return null;
  }
}

/** Remembers the workspace this tab works in; other tabs never see it. */
export function setTabWorkspaceId(workspaceId: string | null): void {
  try {
    if (workspaceId === null) window.sessionStorage.removeItem(tabWorkspaceKey);
    else window.sessionStorage.setItem(tabWorkspaceKey, workspaceId);
  } catch {
    // Storage refused: the URL still names the workspace.
  }
}

/** Reads the claims of a JWT without verifying it (the server does that); null when malformed. */
export function decodeAccessClaims(token: string): Partial<AccessClaims> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Partial<AccessClaims>) : null;
  } catch {
    return null;
  }
}

export type SessionStatus = 'signed-out' | 'valid' | 'expired';

/** Whether a guarded page may show now, needs a refresh first, or needs a sign-in. */
export function getSessionStatus(now: number = Date.now()): SessionStatus {
  const access = getAccessToken();
  if (!access) return 'signed-out';
  const exp = decodeAccessClaims(access)?.exp;
  if (typeof exp !== 'number' || exp * 1000 <= now) return 'expired';
  return 'valid';
}

export interface SessionSnapshot {
  signedIn: boolean;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

let snapshot: SessionSnapshot = { signedIn: false, email: null, firstName: null, lastName: null };

function getSnapshot(): SessionSnapshot {
  const next: SessionSnapshot = {
    signedIn: getAccessToken() !== null,
    email: read(storageKeys.user),
    firstName: read(storageKeys.firstName),
    lastName: read(storageKeys.lastName),
  };
  const same =
    next.signedIn === snapshot.signedIn &&
    next.email === snapshot.email &&
    next.firstName === snapshot.firstName &&
    next.lastName === snapshot.lastName;
  if (!same) snapshot = next;
  return snapshot;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes storage too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The signed-in user as stored, re-rendering when sign-in, refresh or sign-out change it. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The current workspace id, re-rendering when it is picked or cleared (in this tab or another). */
export function useCurrentWorkspaceId(): string | null {
  return useSyncExternalStore(subscribe, getCurrentWorkspaceId, getCurrentWorkspaceId);
}
