import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { Logo } from '../ui/Logo';

/** Replaces the whole app at 768 px and below (SPEC.md section 1). */
export function NarrowScreenNotice() {
  return (
    <Center component="main" mih="100vh" p="xl" bg="gray.0">
      <Stack align="center" gap="lg" maw={420} ta="center">
        <Logo size="lg" />
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconDeviceDesktop size={40} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          PodFlow needs a bigger screen
        </Title>
        <Text c="dimmed" fz="md">
          This site is optimized for larger screens such as desktops and laptops. Please use a computer to
          prepare your designs, mockups and listings.
        </Text>
      </Stack>
    </Center>
  );
}
