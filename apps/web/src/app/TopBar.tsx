import { Badge, Box, Button, Container, Group, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useOrderSummary } from '../api/get-order-summary.api';
import { signOut } from '../api/sign-out';
import { useSession } from '../api/session';
import { Logo } from '../ui/Logo';
import { stepIndexOf } from './workflow-steps';

const mainLinks = [
  { label: 'Home', to: '/' },
  { label: 'Resources', to: '/resources' },
  { label: 'Contact Us', to: '/contactus' },
];

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/' || pathname.toLowerCase() === '/home';
  return pathname.toLowerCase().startsWith(to.toLowerCase());
}

/** A link of the top bar: subtle grey, tinted while its page is open. */
function TopBarLink({
  to,
  active,
  children,
  rightSection,
}: {
  to: string;
  active: boolean;
  children: ReactNode;
  rightSection?: ReactNode;
}) {
  return (
    <Button
      component={Link}
      to={to}
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'gray'}
      c={active ? undefined : 'gray.8'}
      aria-current={active ? 'page' : undefined}
      size="sm"
      fw={500}
      rightSection={rightSection}
    >
      {children}
    </Button>
  );
}

/**
 * Whether a page asks for the Orders badge: only the signed-in screens (behind the session guard),
 * so a public page never spends a refresh token or sends anyone to sign in for a count.
 */
function countsOrders(pathname: string): boolean {
  return isActive(pathname, '/orders') || isActive(pathname, '/account') || stepIndexOf(pathname) >= 0;
}

/** The top bar's Orders link: a small badge counts the orders that need the seller. */
function OrdersLink({ pathname }: { pathname: string }) {
  const active = isActive(pathname, '/orders');
  const summary = useOrderSummary(countsOrders(pathname));
  const attention = summary.data?.attention ?? 0;
  return (
    <TopBarLink
      to="/orders"
      active={active}
      rightSection={
        attention > 0 ? (
          // The Orders screen's attention orange: white on it is 6:1 (Mantine's filled orange is 3:1).
          <Badge size="sm" color="#a33b00" variant="filled" circle={attention < 10}>
            {attention > 99 ? '99+' : attention} <VisuallyHidden>need attention</VisuallyHidden>
          </Badge>
        ) : undefined
      }
    >
      Orders
    </TopBarLink>
  );
}

/** The header of every page: logo, site links and the session's links (SPEC.md "Navigation"). */
export function TopBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { signedIn } = useSession();

  const logout = () => {
    signOut();
    void navigate('/login');
  };

  return (
    <Box
      component="header"
      h={64}
      bg="white"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      <Container size={1280} px="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap={40} wrap="nowrap">
            <UnstyledButton component={Link} to="/" aria-label="PodFlow home">
              <Logo />
            </UnstyledButton>
            <Group component="nav" aria-label="Main" gap={4} wrap="nowrap">
              {mainLinks.map((link) => (
                <TopBarLink key={link.to} to={link.to} active={isActive(pathname, link.to)}>
                  {link.label}
                </TopBarLink>
              ))}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {signedIn ? (
              <>
                <OrdersLink pathname={pathname} />
                <TopBarLink to="/account" active={isActive(pathname, '/account')}>
                  Your Account
                </TopBarLink>
                <Button variant="subtle" color="gray" c="gray.8" size="sm" fw={500} onClick={logout}>
                  Logout
                </Button>
                <Button
                  component={Link}
                  to="/welcome"
                  size="sm"
                  leftSection={<IconLayoutGrid size={16} aria-hidden />}
                >
                  Your Workspaces
                </Button>
              </>
            ) : (
              <>
                <Button
                  component={Link}
                  to="/login"
                  variant="subtle"
                  color="gray"
                  c="gray.8"
                  size="sm"
                  fw={500}
                >
                  Login
                </Button>
                <Button component={Link} to="/register" size="sm">
                  Register
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
