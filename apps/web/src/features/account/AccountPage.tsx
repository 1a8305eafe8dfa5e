import { Box, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { LogoutPanel } from './LogoutPanel';
import { ProfilePanel } from './ProfilePanel';
import { SettingsPanel } from './SettingsPanel';
import { SubscriptionPanel } from './SubscriptionPanel';

type Section = 'profile' | 'subscription' | 'settings' | 'logout';

const sections: { id: Section; label: string; icon: ReactNode }[] = [
  { id: 'profile', label: 'Profile', icon: <IconUser size={18} aria-hidden /> },
  { id: 'subscription', label: 'Subscription', icon: <IconCreditCard size={18} aria-hidden /> },
  { id: 'settings', label: 'Settings', icon: <IconSettings size={18} aria-hidden /> },
  { id: 'logout', label: 'Logout', icon: <IconLogout size={18} aria-hidden /> },
];

function isSection(value: string | null): value is Section {
  return sections.some((section) => section.id === value);
}

/** /account: greeting, sidebar and the chosen section (Subscription by default). */
export function AccountPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { firstName, email } = useSession();
  // The greeting keeps the name it was opened with, also after the Logout section signs out.
  const [name] = useState(() => firstName || email || 'there');
  const requested = searchParams.get('tab');
  const active: Section = isSection(requested) ? requested : 'subscription';

  return (
    <Stack gap="xl">
      <Box>
        <Title order={1} fz={28} style={{ letterSpacing: '-0.015em' }}>
          Hi {name}!
        </Title>
        <Text c="dimmed">Manage your profile, plan and settings.</Text>
      </Box>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Paper withBorder radius="md" p={8} w={240} style={{ flexShrink: 0 }}>
          <nav aria-label="Account">
            {sections.map((section) => (
              <NavLink
                key={section.id}
                component="button"
                type="button"
                label={section.label}
                leftSection={section.icon}
                active={section.id === active}
                aria-current={section.id === active ? 'page' : undefined}
                onClick={() => setSearchParams({ tab: section.id })}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                fw={500}
              />
            ))}
          </nav>
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {active === 'profile' ? <ProfilePanel /> : null}
          {active === 'subscription' ? <SubscriptionPanel /> : null}
          {active === 'settings' ? <SettingsPanel /> : null}
          {active === 'logout' ? <LogoutPanel /> : null}
        </Box>
      </Group>
    </Stack>
  );
}
