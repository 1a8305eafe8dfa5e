import { Box, Container } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SiteFooter } from '../ui/SiteFooter';
import { usePinnedTabWorkspace } from '../ui/tab-workspace';
import { StepBar } from './StepBar';
import { TopBar } from './TopBar';

const Overlays = lazy(() => import('./Overlays').then((m) => ({ default: m.Overlays })));

function isLandingPath(pathname: string): boolean {
  return pathname === '/' || pathname.toLowerCase() === '/home';
}

/**
 * Whether the hosts of modals and toasts are needed yet: on every screen but the landing page, which
 * shows neither (keeping about 40 KB of gzip JavaScript off its first load), or as soon as any toast
 * is raised. Once loaded they stay.
 */
function useOverlaysWanted(): boolean {
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(() => !isLandingPath(pathname));
  if (!wanted && !isLandingPath(pathname)) setWanted(true);
  useEffect(() => {
    if (wanted) return;
    const check = () => {
      if (notificationsStore.getState().notifications.length > 0) setWanted(true);
    };
    check();
    const unsubscribe = notificationsStore.subscribe(check);
    return () => {
      unsubscribe();
    };
  }, [wanted]);
  return wanted;
}

/**
 * Every page: the top bar over the route's content, and the modal and toast hosts. A new page starts
 * at its top (or at the section its #hash names); Back returns to where the reader was.
 */
export function AppLayout() {
  const overlaysWanted = useOverlaysWanted();
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <ScrollRestoration />
      <TopBar />
      <Box component="main" id="main" style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
      {overlaysWanted ? (
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      ) : null}
    </Box>
  );
}

/** Pages of the site: content in the centred column, the site's footer under it. */
export function ContentLayout() {
  return (
    <>
      <Container size={1280} px="xl" py={40} w="100%" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <SiteFooter />
    </>
  );
}

/**
 * The shared wrapper of the workflow screens: the eight-step bar over the content column. The
 * tab's workspace is kept in the URL of every step (ui/tab-workspace.ts).
 */
export function WorkflowLayout() {
  usePinnedTabWorkspace();
  return (
    <>
      <StepBar />
      <Container size={1280} px="xl" py={40} w="100%">
        <Outlet />
      </Container>
    </>
  );
}
