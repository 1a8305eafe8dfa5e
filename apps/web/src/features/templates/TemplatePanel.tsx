import { Checkbox, EmptyState, Group, Paper, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { TemplateInfo } from '@podflow/contract/templates';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { ThumbGrid } from '../../ui/ThumbGrid';
import { ThumbGridSkeleton } from '../../ui/ThumbGridSkeleton';
import { checkedIds } from './panel-moves';
import { templateMessages as text } from './template-messages';
import { TemplateCard } from './TemplateCard';
import classes from './TemplatesScreen.module.css';

interface TemplatePanelProps {
  title: string;
  templates: TemplateInfo[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  checked: ReadonlySet<string>;
  onToggle: (templateId: string) => void;
  onCheckAll: (ids: string[]) => void;
  onPreview: (template: TemplateInfo) => void;
  onThumbnailError: () => void;
  empty: { icon: ReactNode; title: string; text: string; action?: ReactNode };
}

/** One of the two panels: a title with a check-all box and a 4-column grid of template cards. */
export function TemplatePanel({
  title,
  templates,
  loading,
  error,
  onRetry,
  checked,
  onToggle,
  onCheckAll,
  onPreview,
  onThumbnailError,
  empty,
}: TemplatePanelProps) {
  const headingId = useId();
  const list = templates ?? [];
  const checkedHere = checkedIds(list, checked).length;
  const all = list.length > 0 && checkedHere === list.length;

  return (
    <Paper component="section" withBorder radius="md" className={classes.panel} aria-labelledby={headingId}>
      <Group justify="space-between" gap="sm" className={classes.panelHeader} wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Checkbox
            size="sm"
            checked={all}
            indeterminate={checkedHere > 0 && !all}
            disabled={list.length === 0}
            onChange={() => onCheckAll(all ? [] : list.map((template) => template.mkp_template_id))}
            aria-label={text.checkAll(title)}
          />
          <Title order={2} fz="md" fw={650} id={headingId}>
            {title}
          </Title>
        </Group>
        <Text fz="xs" c="dimmed" aria-live="polite">
          {templates ? text.checkedCount(checkedHere, list.length) : null}
        </Text>
      </Group>
      <div className={classes.panelBody}>
        {loading ? (
          <ThumbGridSkeleton cols={4} spacing="xs" height={150} label={`Loading ${title}`} />
        ) : error && !templates ? (
          <LoadFailedAlert message={text.loadFailed} onRetry={onRetry} />
        ) : list.length === 0 ? (
          <EmptyState icon={empty.icon} variant="light" size="sm" maw={360} mx="auto" py={48}>
            <EmptyState.Title order={3}>{empty.title}</EmptyState.Title>
            <EmptyState.Description>{empty.text}</EmptyState.Description>
            {empty.action ? <EmptyState.Actions>{empty.action}</EmptyState.Actions> : null}
          </EmptyState>
        ) : (
          <ThumbGrid
            items={list}
            itemKey={(template) => template.mkp_template_id}
            cols={4}
            spacing="xs"
            label={title}
          >
            {(template) => (
              <TemplateCard
                template={template}
                checked={checked.has(template.mkp_template_id)}
                onToggle={onToggle}
                onPreview={onPreview}
                onThumbnailError={onThumbnailError}
              />
            )}
          </ThumbGrid>
        )}
      </div>
    </Paper>
  );
}
