import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ChosenFilesBoxProps {
  /** How many files, e.g. "3 files". */
  countLabel: string;
  /** Their size, e.g. "4.2 MB". */
  sizeLabel: string;
  /** The list of files itself. */
  children: ReactNode;
}

/** A bordered box of the files chosen for an upload, under a header with their count and size. */
export function ChosenFilesBox({ countLabel, sizeLabel, children }: ChosenFilesBoxProps) {
  return (
    <Box style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <Group justify="space-between" px="sm" py={8} bg="gray.0" style={{ borderRadius: '8px 8px 0 0' }}>
        <Text fz="xs" fw={600} c="gray.7" tt="uppercase">
          {countLabel}
        </Text>
        <Text fz="xs" c="dimmed">
          {sizeLabel}
        </Text>
      </Group>
      {children}
    </Box>
  );
}
