import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { guardRefreshPath, refreshTokens } from '../api/client';
import { getSessionStatus } from '../api/session';
import { CenteredLoader } from '../ui/CenteredLoader';

/**
 * The page guard of SPEC.md section 4: no access token → /login; an expired one is refreshed first
 * (a loader shows meanwhile) and the page shows once the new pair is stored; a failed refresh → /login.
 * It checks on every navigation, not on every storage change, so a page can sign the user out and
 * still say so.
 */
export function SessionGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const [, setRefreshedAt] = useState(0);
  const status = getSessionStatus();

  useEffect(() => {
    if (status !== 'expired') return;
    let cancelled = false;
    refreshTokens(guardRefreshPath).then(
      () => {
        if (!cancelled) setRefreshedAt(Date.now());
      },
      () => {
        if (!cancelled) void navigate('/login', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status, location.key, navigate]);

  if (status === 'signed-out') return <Navigate to="/login" replace />;
  if (status === 'expired') return <CenteredLoader label="Checking your session" />;
  return <Outlet />;
}
