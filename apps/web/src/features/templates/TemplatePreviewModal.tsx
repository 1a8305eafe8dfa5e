import { Badge, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TemplateInfo } from '@podflow/contract/templates';
import { templateMessages as text } from './template-messages';
import { TemplateImage } from './TemplateImage';
import classes from './TemplateCard.module.css';

interface TemplatePreviewModalProps {
  template: TemplateInfo | null;
  onClose: () => void;
}

/** A larger look at one template with its print area outlined. */
export function TemplatePreviewModal({ template, onClose }: TemplatePreviewModalProps) {
  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      size="xl"
      centered
      title={
        <Text fw={600} truncate="end" maw={640} title={template?.user_file_name}>
          {template?.user_file_name}
        </Text>
      }
    >
      {template ? <PreviewBody key={template.mkp_template_id} template={template} /> : null}
    </Modal>
  );
}

function PreviewBody({ template }: { template: TemplateInfo }) {
  const [loaded, setLoaded] = useState(false);
  const rotation = template.placement?.rotation ?? 0;
  return (
    <Stack gap="md">
      <Center bg="gray.1" p="md" h="min(68vh, 620px)" pos="relative" style={{ borderRadius: 8 }}>
        {loaded ? null : <Loader pos="absolute" size="md" type="dots" aria-label="Loading the full image" />}
        <span className={`${classes.fit} ${classes.fill}`}>
          <TemplateImage
            src={template.image_path}
            alt={template.user_file_name}
            width={template.width}
            height={template.height}
            placement={template.placement}
            loading="eager"
            onLoad={() => setLoaded(true)}
            onError={() => setLoaded(true)}
          />
        </span>
      </Center>
      <Group gap="sm">
        <Text fz="sm" c="dimmed">
          {template.width} × {template.height} px
        </Text>
        {template.source === 'library' ? (
          <Badge variant="light" size="sm" radius="sm">
            {text.starter}
          </Badge>
        ) : null}
        {template.placement ? (
          <Text fz="sm" c="dimmed">
            Print area outlined{rotation ? `, rotated ${Math.round(rotation)}°` : ''}
            {template.placement.behindPhoto ? ', the design shows through the transparent window' : ''}
          </Text>
        ) : (
          <Badge variant="light" color="gray" size="sm" radius="sm">
            {text.noPrintArea}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
