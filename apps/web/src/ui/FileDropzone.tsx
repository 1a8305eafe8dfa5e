import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type DropzoneProps } from '@mantine/dropzone';
import { IconPhotoUp } from '@tabler/icons-react';
import { useRef } from 'react';

interface FileDropzoneProps extends Omit<DropzoneProps, 'children' | 'openRef'> {
  /** What to drop, in bold. */
  title: string;
  hint: string;
  /** The area's least height in pixels. */
  minHeight: number;
}

/**
 * A dropzone for image files: an icon, a title, a hint and a Choose files button; the rest of the
 * props go to Dropzone. The area takes a drop or a click; the keyboard and screen readers use the
 * button, a real one (the area is no control of its own, so nothing interactive sits inside one).
 */
export function FileDropzone({ title, hint, minHeight, ...dropzoneProps }: FileDropzoneProps) {
  const openRef = useRef<() => void>(null);
  return (
    <Dropzone radius="md" activateOnKeyboard={false} openRef={openRef} {...dropzoneProps}>
      <Group justify="center" gap="lg" mih={minHeight} wrap="nowrap" style={{ pointerEvents: 'none' }}>
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconPhotoUp size={28} />
        </ThemeIcon>
        <Stack gap={4} align="flex-start">
          <Text fw={600}>{title}</Text>
          <Text fz="sm" c="dimmed">
            {hint}
          </Text>
          <Button
            variant="light"
            size="xs"
            mt={4}
            style={{ pointerEvents: 'auto' }}
            onClick={(event) => {
              event.stopPropagation(); // the area would open the file dialog a second time
              openRef.current?.();
            }}
          >
            Choose files
          </Button>
        </Stack>
      </Group>
    </Dropzone>
  );
}
