import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { StepBar } from './StepBar';
import { TopBar } from './TopBar';

/** Every page: the top bar over the route's content. */
export function AppLayout() {
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box component="main" id="main" style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
    </Box>
  );
}

/** Pages of the site: content in the centred column. */
export function ContentLayout() {
  return (
    <Container size={1280} px="xl" py={40} w="100%">
      <Outlet />
    </Container>
  );
}

/** The shared wrapper of the workflow screens: the eight-step bar over the content column. */
export function WorkflowLayout() {
  return (
    <>
      <StepBar />
      <Container size={1280} px="xl" py={40} w="100%">
        <Outlet />
      </Container>
    </>
  );
}
