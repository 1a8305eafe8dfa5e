import { Button, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconTrash } from '@tabler/icons-react';
import type { StageTool } from './PlaceholderStage';
import { defaultCylinder, type PreviewOccluder, type Realism } from './realism';
import { templateMessages as text } from './template-messages';

interface RealismControlsProps {
  realism: Realism;
  onChange: (realism: Realism) => void;
  tool: StageTool;
  onToolChange: (tool: StageTool) => void;
  /** The brush's width in preview pixels. */
  brush: number;
  onBrushChange: (brush: number) => void;
  /** The shape being picked, if any. */
  draft: PreviewOccluder | null;
  onFinishShape: () => void;
}

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** A labelled slider with its value shown beside the label and a hint below. */
function LabelledSlider(props: {
  id: string;
  label: string;
  hint: string;
  value: number;
  shown: string;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
  onChange: (value: number) => void;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fz="sm" fw={500} id={`${props.id}-label`}>
          {props.label}
        </Text>
        <Text fz="sm" c="dimmed" data-testid={`${props.id}-value`}>
          {props.shown}
        </Text>
      </Group>
      <Slider
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onChange={props.onChange}
        label={props.format}
        thumbLabel={props.label}
        aria-labelledby={`${props.id}-label`}
      />
      <Text fz="xs" c="dimmed">
        {props.hint}
      </Text>
    </Stack>
  );
}

/** A labelled segmented choice with a hint below. */
function LabelledChoice<T extends string>(props: {
  id: string;
  label: string;
  hint: string;
  value: T;
  data: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500} id={`${props.id}-label`}>
        {props.label}
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={`${props.id}-label`}
        value={props.value}
        onChange={(value) => props.onChange(value as T)}
        data={props.data}
      />
      <Text fz="xs" c="dimmed">
        {props.hint}
      </Text>
    </Stack>
  );
}

/**
 * The placeholder editor's Realism tab: the surface (flat or a cylinder with its curvature and
 * wrap), how far the design follows the photo's folds, the fabric's tone and the shading's
 * strength, and the shapes kept in front of the design, painted or picked on the preview.
 */
export function RealismControls({
  realism,
  onChange,
  tool,
  onToolChange,
  brush,
  onBrushChange,
  draft,
  onFinishShape,
}: RealismControlsProps) {
  const { cylinder, shading, occluders } = realism;
  const set = (patch: Partial<Realism>) => onChange({ ...realism, ...patch });
  const picking = tool === 'pick' && draft !== null && draft.brush === undefined;
  const full = occluders.length >= 20;

  return (
    <Stack gap="md" data-testid="realism-controls">
      <LabelledChoice
        id="surface"
        label={text.surfaceLabel}
        hint={text.surfaceHint}
        value={cylinder ? 'cylinder' : 'flat'}
        onChange={(value) => set({ cylinder: value === 'cylinder' ? (cylinder ?? defaultCylinder) : null })}
        data={[
          { value: 'flat', label: text.flatSurface },
          { value: 'cylinder', label: text.cylinderSurface },
        ]}
      />
      {cylinder ? (
        <>
          <LabelledSlider
            id="curvature"
            label={text.curvatureLabel}
            hint={text.curvatureHint}
            value={cylinder.curvature}
            shown={percent(cylinder.curvature)}
            min={-0.25}
            max={0.25}
            step={0.01}
            format={percent}
            onChange={(curvature) => set({ cylinder: { ...cylinder, curvature } })}
          />
          <LabelledSlider
            id="wrap"
            label={text.wrapLabel}
            hint={text.wrapHint}
            value={cylinder.wrap}
            shown={`${cylinder.wrap}°`}
            min={20}
            max={180}
            step={5}
            format={(value) => `${value}°`}
            onChange={(wrap) => set({ cylinder: { ...cylinder, wrap } })}
          />
        </>
      ) : null}

      <LabelledSlider
        id="folds"
        label={text.foldsLabel}
        hint={text.foldsHint}
        value={realism.displacement}
        shown={percent(realism.displacement)}
        min={0}
        max={1}
        step={0.05}
        format={percent}
        onChange={(displacement) => set({ displacement })}
      />

      <LabelledChoice
        id="tone"
        label={text.toneLabel}
        hint={text.toneHint}
        value={shading.tone}
        onChange={(tone) => set({ shading: { ...shading, tone } })}
        data={[
          { value: 'auto', label: text.toneAuto },
          { value: 'light', label: text.toneLight },
          { value: 'dark', label: text.toneDark },
        ]}
      />
      <LabelledSlider
        id="shading"
        label={text.shadingLabel}
        hint=""
        value={shading.strength}
        shown={percent(shading.strength)}
        min={0}
        max={1}
        step={0.05}
        format={percent}
        onChange={(strength) => set({ shading: { ...shading, strength } })}
      />

      <Stack gap={6}>
        <Text fz="sm" fw={500} id="occluders-label">
          {text.occludersLabel}
        </Text>
        <Text fz="xs" c="dimmed">
          {text.occludersHint}
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label={text.toolLabel}
          value={tool}
          onChange={(value) => onToolChange(value as StageTool)}
          data={[
            { value: 'move', label: text.toolMove },
            { value: 'paint', label: text.toolPaint, disabled: full },
            { value: 'pick', label: text.toolPick, disabled: full },
          ]}
        />
        {tool === 'paint' ? (
          <LabelledSlider
            id="brush"
            label={text.brushLabel}
            hint=""
            value={brush}
            shown={`${brush} px`}
            min={4}
            max={60}
            step={1}
            format={(value) => `${value} px`}
            onChange={onBrushChange}
          />
        ) : null}
        {tool === 'pick' ? (
          <Group gap="xs" wrap="nowrap">
            <Text fz="xs" c="dimmed" style={{ flex: 1 }}>
              {text.pickHint}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCheck size={14} aria-hidden />}
              disabled={!picking || (draft?.points.length ?? 0) < 3}
              title={!picking || (draft?.points.length ?? 0) < 3 ? text.pickNeedsThree : undefined}
              onClick={onFinishShape}
            >
              {text.finishShape}
            </Button>
          </Group>
        ) : null}
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fz="xs" role="status" data-testid="occluder-count">
            {full ? text.tooManyOccluders : text.occluderCount(occluders.length)}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              disabled={occluders.length === 0}
              onClick={() => set({ occluders: occluders.slice(0, -1) })}
            >
              {text.undoOccluder}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              disabled={occluders.length === 0}
              onClick={() => set({ occluders: [] })}
            >
              {text.clearOccluders}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Stack>
  );
}
