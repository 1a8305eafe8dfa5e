import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/App';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { loadTagManager, trackRouteChanges } from './lib/analytics';

// A refresh that fails sends the user to sign in again without reloading the app.
configureApiClient({ onSessionExpired: () => void router.navigate('/login', { replace: true }) });
loadTagManager(import.meta.env.VITE_GTM_ID);
trackRouteChanges(router);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={createQueryClient()}>
      <App />
    </Providers>
  </StrictMode>,
);
