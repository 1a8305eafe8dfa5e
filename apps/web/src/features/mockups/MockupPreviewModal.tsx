import { Center, Modal, Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import type { MockupImage } from '@podflow/contract/mockups';
import { mockupMessages as text } from './mockup-messages';

/** The mockup being looked at and the design it was made from. */
export interface MockupPreview {
  mockup: MockupImage;
  designName: string;
}

interface MockupPreviewModalProps {
  preview: MockupPreview | null;
  onClose: () => void;
}

/** A larger look at one mockup: the full image, fitted to the window. */
export function MockupPreviewModal({ preview, onClose }: MockupPreviewModalProps) {
  const title = preview ? `${preview.designName} · ${text.templateCaption(preview.mockup.template)}` : '';
  return (
    <Modal
      opened={preview !== null}
      onClose={onClose}
      size="xl"
      centered
      title={
        <Text fw={600} truncate="end" maw={640} title={title}>
          {title}
        </Text>
      }
    >
      {preview ? <PreviewBody key={preview.mockup.mockup_id} preview={preview} /> : null}
    </Modal>
  );
}

function PreviewBody({ preview }: { preview: MockupPreview }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Center bg="gray.1" p="md" h="min(72vh, 680px)" pos="relative" style={{ borderRadius: 8 }}>
      {loaded ? null : (
        <Skeleton
          pos="absolute"
          height="calc(100% - 32px)"
          width="auto"
          style={{ aspectRatio: '1', maxWidth: 'calc(100% - 32px)' }}
          radius="md"
          role="status"
          aria-label="Loading the full mockup"
          data-testid="preview-skeleton"
        />
      )}
      <img
        src={preview.mockup.mockup_image}
        alt={text.mockupAlt(preview.designName, preview.mockup.template)}
        style={{
          display: 'block',
          maxWidth: '100%',
          maxHeight: '100%',
          objectFit: 'contain',
          opacity: loaded ? 1 : 0,
        }}
        onLoad={() => setLoaded(true)}
        onError={() => setLoaded(true)}
      />
    </Center>
  );
}
