import '@mantine/dropzone/styles.css';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type DropzoneProps } from '@mantine/dropzone';
import { IconPhotoUp } from '@tabler/icons-react';

interface FileDropzoneProps extends Omit<DropzoneProps, 'children'> {
  /** What to drop, in bold. */
  title: string;
  hint: string;
  /** The area's least height in pixels. */
  minHeight: number;
}

/** A dropzone for image files: an icon, a title and a hint; the rest of the props go to Dropzone. */
export function FileDropzone({ title, hint, minHeight, ...dropzoneProps }: FileDropzoneProps) {
  return (
    <Dropzone radius="md" {...dropzoneProps}>
      <Group justify="center" gap="lg" mih={minHeight} wrap="nowrap" style={{ pointerEvents: 'none' }}>
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconPhotoUp size={28} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={600}>{title}</Text>
          <Text fz="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
