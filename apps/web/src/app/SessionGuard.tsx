import { Container } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { guardRefreshPath, networkErrorMessage, refreshTokens, sessionRefused } from '../api/client';
import { getSessionStatus } from '../api/session';
import { CenteredLoader } from '../ui/CenteredLoader';
import { LoadFailedAlert } from '../ui/LoadFailedAlert';

/**
 * The page guard of SPEC.md section 4: no access token → /login; an expired one is refreshed first
 * (a loader shows meanwhile) and the page shows once the new pair is stored; a refused refresh →
 * /login. A refresh that did not get through (no network, the server down) keeps the session and
 * offers to try again. It checks on every navigation, not on every storage change, so a page can
 * sign the user out and still say so.
 */
export function SessionGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const [, setRefreshedAt] = useState(0);
  const [attempt, setAttempt] = useState(0);
  /** The navigation and attempt whose refresh did not get through, so a new one starts clean. */
  const [unreachableAt, setUnreachableAt] = useState<string | null>(null);
  const status = getSessionStatus();
  const attemptKey = `${location.key}:${attempt}`;

  useEffect(() => {
    if (status !== 'expired') return;
    let cancelled = false;
    refreshTokens(guardRefreshPath).then(
      () => {
        if (!cancelled) setRefreshedAt(Date.now());
      },
      (error: unknown) => {
        if (cancelled) return;
        if (sessionRefused(error)) void navigate('/login', { replace: true });
        else setUnreachableAt(attemptKey);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status, attemptKey, navigate]);

  if (status === 'signed-out') return <Navigate to="/login" replace />;
  if (status === 'expired' && unreachableAt === attemptKey) {
    return (
      <Container size="sm" py="xl">
        <LoadFailedAlert message={networkErrorMessage} onRetry={() => setAttempt((count) => count + 1)} />
      </Container>
    );
  }
  if (status === 'expired') return <CenteredLoader label="Checking your session" />;
  return <Outlet />;
}
