import { ActionIcon, Badge, Checkbox, Text, Tooltip } from '@mantine/core';
import { IconZoomIn } from '@tabler/icons-react';
import { memo, useId } from 'react';
import type { TemplateInfo } from '@podflow/contract/templates';
import { templateMessages as text } from './template-messages';
import { TemplateImage } from './TemplateImage';
import classes from './TemplateCard.module.css';

interface TemplateCardProps {
  template: TemplateInfo;
  checked: boolean;
  onToggle: (templateId: string) => void;
  onPreview: (template: TemplateInfo) => void;
  onThumbnailError: () => void;
}

/**
 * One template: its thumbnail on a light background with the print area outlined, a Starter badge
 * for the library's templates, its name and a checkbox. Clicking the picture checks it too.
 */
export const TemplateCard = memo(function TemplateCard({
  template,
  checked,
  onToggle,
  onPreview,
  onThumbnailError,
}: TemplateCardProps) {
  const checkboxId = useId();
  const name = template.user_file_name;
  const id = template.mkp_template_id;
  return (
    <div className={classes.card} data-selected={checked || undefined} data-testid="template-card">
      <div className={classes.thumb} onClick={() => onToggle(id)} aria-hidden>
        <span className={`${classes.frame} ${classes.fit}`}>
          <TemplateImage
            src={template.thumbnail_image_path}
            alt={name}
            width={template.width}
            height={template.height}
            placement={template.placement}
            onError={onThumbnailError}
          />
        </span>
      </div>
      <div className={classes.badges}>
        {template.source === 'library' ? (
          <Tooltip label={text.starterHint} withArrow>
            <Badge size="xs" radius="sm" variant="filled" color="violet" tabIndex={0}>
              {text.starter}
            </Badge>
          </Tooltip>
        ) : null}
        {template.placement === null ? (
          <Tooltip label={text.noPrintAreaHint} multiline w={220} withArrow>
            <Badge size="xs" radius="sm" variant="filled" color="gray" tabIndex={0}>
              {text.noPrintArea}
            </Badge>
          </Tooltip>
        ) : null}
      </div>
      <ActionIcon
        className={classes.zoom}
        variant="default"
        size="sm"
        radius="xl"
        aria-label={text.previewTemplate(name)}
        onClick={() => onPreview(template)}
      >
        <IconZoomIn size={14} aria-hidden />
      </ActionIcon>
      <div className={classes.footer}>
        <Checkbox
          id={checkboxId}
          size="xs"
          checked={checked}
          onChange={() => onToggle(id)}
          aria-label={text.checkTemplate(name)}
        />
        <Text
          component="label"
          htmlFor={checkboxId}
          fz="xs"
          fw={500}
          lh={1.3}
          lineClamp={2}
          title={name}
          className={classes.name}
        >
          {name}
        </Text>
      </div>
    </div>
  );
});
