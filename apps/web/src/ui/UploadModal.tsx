import { Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface UploadModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What may be uploaded, under the title. */
  intro: string;
  /** While files are being sent the modal cannot be closed. */
  uploading: boolean;
  children: ReactNode;
}

/** The frame of an upload modal: a title, an intro and the steps below it, held open while sending. */
export function UploadModal({ opened, onClose, title, intro, uploading, children }: UploadModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeOnClickOutside={!uploading}
      withCloseButton={!uploading}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {intro}
        </Text>
        {children}
      </Stack>
    </Modal>
  );
}
