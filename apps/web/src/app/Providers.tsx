import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Theme and data fetching. The hosts of modals and toasts are in AppLayout (see Overlays). */
export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
