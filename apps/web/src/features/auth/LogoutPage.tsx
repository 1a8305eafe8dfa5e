import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearAllStorage } from '../../api/session';
import { CenteredLoader } from '../../ui/CenteredLoader';

/** /logout: clears all local storage, then goes to the landing page. */
export function LogoutPage() {
  const navigate = useNavigate();

  useEffect(() => {
    clearAllStorage();
    void navigate('/', { replace: true });
  }, [navigate]);

  return <CenteredLoader label="Signing you out" />;
}
