import { api } from './client';
import { clearAllStorage, clearSession, getRefreshToken } from './session';

/**
 * Signs out: forgets the session in this browser at once and asks the server to revoke the
 * refresh token (POST /api/token/revoke/, best effort: the local sign-out never waits for it).
 * `everything` clears all local storage, as /logout and /register do.
 */
export function signOut({ everything = false }: { everything?: boolean } = {}): void {
  const refresh = getRefreshToken();
  if (everything) clearAllStorage();
  else clearSession();
  if (refresh) {
    api.post('/api/token/revoke/', { refresh }, { auth: false, keepalive: true }).catch(() => {
      // Already revoked, expired or offline: the token is gone from this browser either way.
    });
  }
}
