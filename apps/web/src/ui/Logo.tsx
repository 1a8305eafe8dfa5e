import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';

interface LogoProps {
  size?: 'sm' | 'lg';
}

/** The PodFlow mark and word. */
export function Logo({ size = 'sm' }: LogoProps) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 8} wrap="nowrap">
      <ThemeIcon size={large ? 48 : 30} radius={large ? 'md' : 'sm'} variant="filled" aria-hidden>
        <IconStack2 size={large ? 28 : 18} stroke={2} />
      </ThemeIcon>
      <Text
        component="span"
        fw={700}
        fz={large ? 28 : 19}
        lh={1}
        c="dark.8"
        style={{ letterSpacing: '-0.02em' }}
      >
        PodFlow
      </Text>
    </Group>
  );
}
