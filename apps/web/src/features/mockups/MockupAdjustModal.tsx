import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Skeleton,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { MockupAdjustment, MockupImage } from '@podflow/contract/mockups';
import { failureText } from '../../api/failure-text';
import { mockupMessages as text } from './mockup-messages';
import { previewMockup } from './preview-mockup.api';
import classes from './MockupAdjustModal.module.css';

/** The mockup being adjusted and the design it was made from. */
export interface AdjustTarget {
  mockup: MockupImage;
  designName: string;
}

interface MockupAdjustModalProps {
  target: AdjustTarget | null;
  saving: boolean;
  onSave: (mockup: MockupImage, adjustment: MockupAdjustment) => void;
  onClose: () => void;
}

/** As the template places the design: its own fit, no scale, no move. */
export const plainAdjustment: MockupAdjustment = { fit: null, scale: 1, offset_x: 0, offset_y: 0 };

/** How long the sliders rest before the preview is rendered (a drag sends one request, not fifty). */
const previewDelayMs = 200;

/**
 * Adjust one mockup: the fit it starts from, its size and its position in the print area, with a
 * preview rendered by the server as the sliders move (what Save will store, pixel for pixel).
 */
export function MockupAdjustModal({ target, saving, onSave, onClose }: MockupAdjustModalProps) {
  const title = target ? text.adjustTitle(target.designName, target.mockup.template) : '';
  return (
    <Modal
      opened={target !== null}
      onClose={saving ? () => undefined : onClose}
      size="xl"
      centered
      title={
        <Text fw={600} truncate="end" maw={640} title={title}>
          {title}
        </Text>
      }
    >
      {target ? (
        <AdjustBody
          key={target.mockup.mockup_id}
          target={target}
          saving={saving}
          onSave={onSave}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

const fitOptions = [
  { value: 'template', label: text.adjustFitTemplate },
  { value: 'contain', label: text.adjustFitContain },
  { value: 'cover', label: text.adjustFitCover },
  { value: 'stretch', label: text.adjustFitStretch },
];

const percent = (value: number) => `${Math.round(value * 100)}%`;
const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${Math.round(value * 100)}%`;

function AdjustBody({
  target,
  saving,
  onSave,
  onClose,
}: {
  target: AdjustTarget;
  saving: boolean;
  onSave: MockupAdjustModalProps['onSave'];
  onClose: () => void;
}) {
  const { mockup, designName } = target;
  const [adjustment, setAdjustment] = useState<MockupAdjustment>(mockup.adjustment ?? plainAdjustment);
  const [preview, setPreview] = useState<{ url: string; for: string } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [rendering, setRendering] = useState(false);
  const key = JSON.stringify(adjustment);
  const urls = useRef<string[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setRendering(true);
      previewMockup({ mockup_id: mockup.mockup_id, adjustment }, controller.signal)
        .then((blob) => {
          const url = URL.createObjectURL(blob);
          urls.current.push(url);
          setPreview({ url, for: key });
          setPreviewError(null);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setPreviewError(failureText(error, text.adjustPreviewFailed));
        })
        .finally(() => {
          if (!controller.signal.aborted) setRendering(false);
        });
    }, previewDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` stands for the adjustment's value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, mockup.mockup_id]);

  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const set = (change: Partial<MockupAdjustment>) => setAdjustment((current) => ({ ...current, ...change }));
  const upToDate = preview?.for === key && !rendering;

  return (
    <div className={classes.layout}>
      <div className={classes.stage} aria-busy={!upToDate}>
        {preview ? (
          <img
            className={classes.preview}
            src={preview.url}
            alt={text.adjustPreviewAlt(designName, mockup.template)}
            data-testid="adjust-preview"
            data-current={upToDate || undefined}
          />
        ) : (
          <Skeleton className={classes.previewSkeleton} radius="md" />
        )}
        {rendering ? (
          <Group gap={6} className={classes.rendering} role="status">
            <Loader size="xs" type="dots" aria-hidden />
            <Text fz="xs">{text.adjustPreviewLoading}</Text>
          </Group>
        ) : null}
      </div>
      <Stack gap="md" className={classes.controls}>
        <Text fz="sm" c="dimmed">
          {text.adjustIntro}
        </Text>
        <Stack gap={6}>
          <Text fz="sm" fw={500} id="adjust-fit">
            {text.adjustFit}
          </Text>
          <SegmentedControl
            aria-labelledby="adjust-fit"
            orientation="vertical"
            fullWidth
            size="xs"
            value={adjustment.fit ?? 'template'}
            data={fitOptions}
            onChange={(value) =>
              set({ fit: value === 'template' ? null : (value as NonNullable<MockupAdjustment['fit']>) })
            }
          />
        </Stack>
        <LabelledSlider
          label={text.adjustScale}
          value={adjustment.scale}
          min={0.1}
          max={4}
          step={0.01}
          format={percent}
          onChange={(scale) => set({ scale })}
        />
        <LabelledSlider
          label={text.adjustOffsetX}
          value={adjustment.offset_x}
          min={-0.5}
          max={0.5}
          step={0.01}
          format={signedPercent}
          onChange={(offset_x) => set({ offset_x })}
        />
        <LabelledSlider
          label={text.adjustOffsetY}
          value={adjustment.offset_y}
          min={-0.5}
          max={0.5}
          step={0.01}
          format={signedPercent}
          onChange={(offset_y) => set({ offset_y })}
        />
        {previewError ? (
          <Alert color="red" variant="light" p="xs">
            <Text fz="sm">{previewError}</Text>
          </Alert>
        ) : null}
      </Stack>
      <Group justify="space-between" className={classes.footer}>
        <Button
          variant="subtle"
          color="gray"
          disabled={saving}
          onClick={() => setAdjustment(plainAdjustment)}
        >
          {text.adjustReset}
        </Button>
        <Group gap="sm">
          <Button variant="default" disabled={saving} onClick={onClose}>
            {text.adjustCancel}
          </Button>
          <Button loading={saving} disabled={saving} onClick={() => onSave(mockup, adjustment)}>
            {text.adjustSave}
          </Button>
        </Group>
      </Group>
    </div>
  );
}

function LabelledSlider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
  onChange: (value: number) => void;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm" fw={500}>
          {props.label}
        </Text>
        <Text fz="sm" c="dimmed">
          {props.format(props.value)}
        </Text>
      </Group>
      <Slider
        thumbLabel={props.label}
        value={props.value}
        min={props.min}
        max={props.max}
        step={props.step}
        label={props.format}
        onChange={props.onChange}
      />
    </Stack>
  );
}
