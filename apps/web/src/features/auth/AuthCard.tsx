import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}

/** The centred card of the sign-in, register and password screens. */
export function AuthCard({ title, subtitle, children, footer, width = 440 }: AuthCardProps) {
  return (
    <Stack align="center" pt={24} pb={48}>
      <Paper withBorder radius="lg" p={36} w="100%" maw={width} shadow="xs">
        <Stack gap={4} mb="xl">
          <Title order={1} fz={24} style={{ letterSpacing: '-0.01em' }}>
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" fz="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Paper>
      {footer ? (
        <Text fz="sm" c="dimmed">
          {footer}
        </Text>
      ) : null}
    </Stack>
  );
}
