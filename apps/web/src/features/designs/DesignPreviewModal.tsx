import { Badge, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DesignLineItem } from '@podflow/contract/designs';
import { designMessages as text } from './design-messages';
import { formatBytes } from './upload-plan';
import classes from './DesignCard.module.css';

interface DesignPreviewModalProps {
  design: DesignLineItem | null;
  onClose: () => void;
}

/** A larger look at one design: the full-size PNG on the checkerboard, with its size. */
export function DesignPreviewModal({ design, onClose }: DesignPreviewModalProps) {
  return (
    <Modal
      opened={design !== null}
      onClose={onClose}
      size="xl"
      centered
      title={
        <Text fw={600} truncate="end" maw={640} title={design?.image_file_name}>
          {design?.image_file_name}
        </Text>
      }
    >
      {design ? <PreviewBody key={design.lineitem_id} design={design} /> : null}
    </Modal>
  );
}

function PreviewBody({ design }: { design: DesignLineItem }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Stack gap="md">
      <Center bg="gray.1" p="md" h="min(70vh, 640px)" pos="relative" style={{ borderRadius: 8 }}>
        {loaded ? null : (
          <Loader pos="absolute" size="md" type="dots" aria-label="Loading the full-size image" />
        )}
        <img
          className={`${classes.image} ${classes.checkerboard}`}
          src={design.image_path}
          alt={design.image_file_name}
          width={design.width}
          height={design.height}
          // Natural size, shrunk to fit: a small design is never enlarged past 1x.
          style={{ width: 'auto', height: 'auto' }}
          onLoad={() => setLoaded(true)}
          onError={() => setLoaded(true)}
        />
      </Center>
      <Group gap="sm">
        <Text fz="sm" c="dimmed">
          {design.width} × {design.height} px · {formatBytes(design.bytes)}
        </Text>
        {design.has_alpha ? (
          <Badge variant="light" color="green" size="sm" radius="sm">
            Transparent background
          </Badge>
        ) : (
          <Badge variant="light" color="orange" size="sm" radius="sm">
            {text.noTransparency}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
