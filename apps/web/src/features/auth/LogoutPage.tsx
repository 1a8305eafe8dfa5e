import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/sign-out';
import { CenteredLoader } from '../../ui/CenteredLoader';

/** /logout: clears all local storage, then goes to the landing page. */
export function LogoutPage() {
  const navigate = useNavigate();

  useEffect(() => {
    signOut({ everything: true });
    void navigate('/', { replace: true });
  }, [navigate]);

  return <CenteredLoader label="Signing you out" />;
}
