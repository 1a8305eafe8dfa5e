import {
  Alert,
  Box as MantineBox,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Slider,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type Konva from 'konva';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/client';
import { cornersOfNode } from './node-corners';
import {
  boxCorners,
  clampCenter,
  defaultBox,
  fitBoxToPreview,
  keepBoxInside,
  maxRotation,
  minRotation,
  parsePlaceholderSize,
  previewSize,
  type Box,
  type Quad,
  type Size,
  type SizeInput,
} from './placeholder-geometry';
import { PlaceholderStage, type PlaceholderMode, type StageTool } from './PlaceholderStage';
import { RealismControls } from './RealismControls';
import { defaultRealism, type PreviewOccluder, type Realism } from './realism';
import { usePreviewArtwork } from './preview-artwork';
import { buildTemplateData } from './template-data';
import { templateMessages as text } from './template-messages';
import { uploadImageModeTemplate, type TemplatePlacementField } from './upload-template.api';
import classes from './PlaceholderEditorModal.module.css';

interface PlaceholderEditorModalProps {
  file: File;
  /** 1-based position of the file among the chosen ones. */
  index: number;
  total: number;
  workspaceId: string;
  /** Skip: on to the next file without sending this one. */
  onSkip: () => void;
  /** The server stored it (201): on to the next file. */
  onUploaded: () => void;
  /** Closed with Escape or the close button: the remaining files are not sent. */
  onClose: () => void;
}

/** The widest the preview may be, so the controls still fit beside it. */
function maxPreviewWidth(): number {
  return Math.max(320, Math.min(760, window.innerWidth - 470));
}

/** A chosen file decoded as an image for the preview (an object URL, revoked when done). */
function useFileImage(file: File): { image: HTMLImageElement | null; failed: boolean } {
  const [state, setState] = useState<{ file: File | null; image: HTMLImageElement | null; failed: boolean }>({
    file: null,
    image: null,
    failed: false,
  });
  useEffect(() => {
    const url = URL.createObjectURL(file);
    const image = new window.Image();
    image.onload = () => setState({ file, image, failed: false });
    image.onerror = () => setState({ file, image: null, failed: true });
    image.src = url;
    return () => {
      image.onload = null;
      image.onerror = null;
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return state.file === file ? state : { image: null, failed: false };
}

/**
 * SPEC.md's placeholder editor: the chosen template image 500 px high with a box for the print
 * area, its width and height, a rotation slider, 'Upload without design placeholder', Skip and
 * Upload. One modal steps through the chosen files; its body starts afresh for each.
 */
export function PlaceholderEditorModal(props: PlaceholderEditorModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) props.onClose();
      }}
      title={
        <Group gap="xs" wrap="nowrap" maw={760}>
          <Text fw={650}>{text.editorTitle(props.index, props.total)}</Text>
          <Text c="dimmed" truncate="end" title={props.file.name} fz="sm">
            {props.file.name}
          </Text>
        </Group>
      }
      size="auto"
      centered
      closeOnClickOutside={false}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <EditorBody key={`${props.index}:${props.file.name}`} {...props} onBusyChange={setBusy} />
    </Modal>
  );
}

interface EditorBodyProps extends PlaceholderEditorModalProps {
  onBusyChange: (busy: boolean) => void;
}

function EditorBody({ file, workspaceId, onSkip, onUploaded, onBusyChange }: EditorBodyProps) {
  const loaded = useFileImage(file);
  const [maxWidth] = useState(maxPreviewWidth);
  const stage = loaded.image
    ? previewSize({ width: loaded.image.naturalWidth, height: loaded.image.naturalHeight }, maxWidth)
    : null;

  if (loaded.failed) {
    return (
      <Stack gap="md" w={560}>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {text.imageUnreadable}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onSkip}>
            {text.skip}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!loaded.image || !stage) {
    return (
      <Center w={560} h={500} role="status" aria-label="Loading the template image">
        <Loader type="dots" />
      </Center>
    );
  }
  return (
    <Editor
      image={loaded.image}
      stage={stage}
      file={file}
      workspaceId={workspaceId}
      onSkip={onSkip}
      onUploaded={onUploaded}
      onBusyChange={onBusyChange}
    />
  );
}

interface EditorProps {
  image: HTMLImageElement;
  stage: Size;
  file: File;
  workspaceId: string;
  onSkip: () => void;
  onUploaded: () => void;
  onBusyChange: (busy: boolean) => void;
}

const nudgeKeys: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function Editor({ image, stage, file, workspaceId, onSkip, onUploaded, onBusyChange }: EditorProps) {
  const [mode, setMode] = useState<PlaceholderMode>('rectangle');
  const [box, setBox] = useState<Box>(() => keepBoxInside(defaultBox, stage));
  const [quad, setQuad] = useState<Quad>(() => boxCorners(keepBoxInside(defaultBox, stage)));
  const [liveRotation, setLiveRotation] = useState<number | null>(null);
  const [widthInput, setWidthInput] = useState<SizeInput>(defaultBox.width);
  const [heightInput, setHeightInput] = useState<SizeInput>(defaultBox.height);
  const [dimensions, setDimensions] = useState<Size>({ width: defaultBox.width, height: defaultBox.height });
  const [noPlaceholder, setNoPlaceholder] = useState(false);
  const [handleLimited, setHandleLimited] = useState(false);
  const [uploading, setUploading] = useState(false);
  // The second click of a double click can land before the button re-renders as loading.
  const uploadInFlight = useRef(false);
  const [progress, setProgress] = useState(0);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const groupRef = useRef<Konva.Group>(null);
  const { artwork, designName } = usePreviewArtwork(workspaceId);
  const [realism, setRealism] = useState<Realism>(defaultRealism);
  const [tool, setTool] = useState<StageTool>('move');
  const [brush, setBrush] = useState(14);
  const [draft, setDraft] = useState<PreviewOccluder | null>(null);
  const [tab, setTab] = useState('placement');
  const finishShape = () => {
    if (draft && draft.brush === undefined && draft.points.length >= 3) addOccluder(draft);
    setDraft(null);
  };
  const addOccluder = (occluder: PreviewOccluder) =>
    setRealism((current) =>
      current.occluders.length >= 20 ? current : { ...current, occluders: [...current.occluders, occluder] },
    );

  const rotation = liveRotation ?? box.rotation;
  // Width and Height follow the box: scaled with it while it is resized, in the units typed.
  const [liveScale, setLiveScale] = useState<number | null>(null);
  const scaled = (value: number, scale: number) => Math.max(1, Math.round(value * scale));
  const shownWidth = liveScale === null ? widthInput : scaled(dimensions.width, liveScale);
  const shownHeight = liveScale === null ? heightInput : scaled(dimensions.height, liveScale);

  const changeBox = (next: Box) => {
    const scale = box.width > 0 ? next.width / box.width : 1;
    if (Math.abs(scale - 1) > 1e-6) {
      const size = { width: scaled(dimensions.width, scale), height: scaled(dimensions.height, scale) };
      setDimensions(size);
      setWidthInput(size.width);
      setHeightInput(size.height);
    }
    setBox(next);
  };

  const changeMode = (next: string) => {
    const value = next === 'perspective' ? 'perspective' : 'rectangle';
    if (value === 'perspective') setQuad(boxCorners(box));
    setHandleLimited(false);
    setMode(value);
  };

  const applySize = () => {
    const parsed = parsePlaceholderSize(widthInput, heightInput);
    if (!parsed.ok) {
      window.alert(parsed.message);
      return;
    }
    setDimensions(parsed.size);
    if (mode === 'perspective') {
      const fitted = fitBoxToPreview(parsed.size, 0, stage);
      setBox(fitted);
      setQuad(boxCorners(fitted));
    } else {
      setBox(fitBoxToPreview(parsed.size, box.rotation, stage));
    }
  };

  const rotate = (degrees: number) =>
    setBox((current) => keepBoxInside({ ...current, rotation: degrees }, stage));

  const nudge = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = nudgeKeys[event.key];
    if (!step || noPlaceholder || mode !== 'rectangle') return;
    event.preventDefault();
    const distance = event.shiftKey ? 10 : 1;
    setBox((current) => {
      const center = clampCenter(
        {
          x: current.x + current.width / 2 + step[0] * distance,
          y: current.y + current.height / 2 + step[1] * distance,
        },
        current,
        stage,
      );
      return { ...current, x: center.x - current.width / 2, y: center.y - current.height / 2 };
    });
  };

  const placementField = (): TemplatePlacementField => {
    if (noPlaceholder) return { noPlaceholder: true };
    if (mode === 'perspective')
      return { templateData: buildTemplateData(quad, stage, 0, dimensions, realism) };
    // The corners the seller sees: the box node's own transform applied to its four local corners.
    const corners = groupRef.current ? cornersOfNode(groupRef.current, box) : boxCorners(box);
    return { templateData: buildTemplateData(corners, stage, box.rotation, dimensions, realism) };
  };

  const upload = async () => {
    if (uploadInFlight.current) return;
    uploadInFlight.current = true;
    setServerMessage(null);
    setUploading(true);
    onBusyChange(true);
    setProgress(0);
    try {
      await uploadImageModeTemplate(workspaceId, file, placementField(), {
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0),
      });
      onBusyChange(false);
      onUploaded();
    } catch (error) {
      uploadInFlight.current = false;
      setUploading(false);
      onBusyChange(false);
      // A failed refresh has already sent the seller to sign in.
      if (error instanceof ApiError && error.status === 401) return;
      // SPEC.md section 8: a non-201 answer and no answer at all have their own alerts; the
      // server's reason stays in the modal so the seller knows what to change.
      if (error instanceof ApiError && error.status > 0) {
        setServerMessage(error.message);
        window.alert(text.uploadFailed);
      } else {
        console.error('Template upload failed', error);
        window.alert(text.uploadError);
      }
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <div
          className={classes.stage}
          style={{ width: stage.width, height: stage.height }}
          tabIndex={noPlaceholder ? -1 : 0}
          role="group"
          aria-label="Template preview with the design placeholder: drag it, or use the arrow keys to move it"
          onKeyDown={nudge}
          data-testid="placeholder-stage"
        >
          <PlaceholderStage
            image={image}
            size={stage}
            mode={mode}
            showPlaceholder={!noPlaceholder}
            box={box}
            onBoxChange={changeBox}
            onLiveRotation={setLiveRotation}
            onLiveScale={setLiveScale}
            quad={quad}
            onQuadChange={setQuad}
            onHandleLimited={setHandleLimited}
            artwork={artwork}
            groupRef={groupRef}
            realism={realism}
            dimensions={dimensions}
            tool={tool}
            brush={brush}
            draft={draft}
            onDraftChange={setDraft}
            onOccluderAdded={addOccluder}
            onFinishShape={finishShape}
          />
        </div>

        <Stack gap="md" w={290} className={classes.controls}>
          <Checkbox
            label={text.noPlaceholder}
            checked={noPlaceholder}
            onChange={(event) => setNoPlaceholder(event.currentTarget.checked)}
            disabled={uploading}
          />
          {noPlaceholder ? (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
              <Text fz="sm">{text.noPlaceholderHint}</Text>
            </Alert>
          ) : (
            <Tabs
              value={tab}
              onChange={(value) => {
                // Back on Placement, a press on the preview moves the area again.
                if (value !== 'realism') {
                  setDraft(null);
                  setTool('move');
                }
                setTab(value ?? 'placement');
              }}
              keepMounted={false}
            >
              <Tabs.List grow mb="sm">
                <Tabs.Tab value="placement">{text.placementTab}</Tabs.Tab>
                <Tabs.Tab value="realism">{text.realismTab}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="placement">
                <Stack gap="md" data-testid="placeholder-controls">
                  <Stack gap={6}>
                    <Text fz="sm" fw={500} id="placeholder-mode-label">
                      {text.modeLabel}
                    </Text>
                    <SegmentedControl
                      fullWidth
                      value={mode}
                      onChange={changeMode}
                      aria-labelledby="placeholder-mode-label"
                      data={[
                        { value: 'rectangle', label: text.rectangleMode },
                        { value: 'perspective', label: text.perspectiveMode },
                      ]}
                    />
                    <Text fz="xs" c="dimmed">
                      {mode === 'rectangle' ? text.rectangleHint : text.perspectiveHint}
                    </Text>
                    {handleLimited ? (
                      <Text fz="xs" c="orange.9" role="status">
                        {text.concaveRefused}
                      </Text>
                    ) : null}
                  </Stack>

                  <Stack gap="xs">
                    <Group gap="xs" grow wrap="nowrap">
                      <NumberInput
                        label={text.widthLabel}
                        min={1}
                        clampBehavior="none"
                        value={shownWidth ?? ''}
                        onChange={setWidthInput}
                        size="sm"
                      />
                      <NumberInput
                        label={text.heightLabel}
                        min={1}
                        clampBehavior="none"
                        value={shownHeight ?? ''}
                        onChange={setHeightInput}
                        size="sm"
                      />
                    </Group>
                    <Button variant="light" onClick={applySize} size="sm">
                      {text.updatePlaceholder}
                    </Button>
                  </Stack>

                  {mode === 'rectangle' ? (
                    <Stack gap={6}>
                      <Group justify="space-between">
                        <Text fz="sm" fw={500} id="placeholder-rotation-label">
                          {text.rotationLabel}
                        </Text>
                        <Text fz="sm" c="dimmed" data-testid="rotation-value">
                          {Math.round(rotation)}°
                        </Text>
                      </Group>
                      <Slider
                        min={minRotation}
                        max={maxRotation}
                        step={1}
                        value={Math.round(rotation)}
                        onChange={rotate}
                        label={(value) => `${value}°`}
                        marks={[{ value: -180 }, { value: -90 }, { value: 0 }, { value: 90 }, { value: 180 }]}
                        thumbLabel={text.rotationLabel}
                        aria-labelledby="placeholder-rotation-label"
                        mb="xs"
                      />
                    </Stack>
                  ) : null}

                  <Text fz="xs" c="dimmed" data-testid="box-readout">
                    {mode === 'rectangle'
                      ? `Box ${Math.round(box.width)} × ${Math.round(box.height)} px at ${Math.round(box.x)}, ${Math.round(box.y)} on a ${Math.round(stage.width)} × ${Math.round(stage.height)} px preview`
                      : `Corners dragged on a ${Math.round(stage.width)} × ${Math.round(stage.height)} px preview`}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {designName ? text.previewWithDesign(designName) : text.previewWithSample}
                  </Text>
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="realism">
                {/* As high as the preview beside it, which stays in view while the seller adjusts. */}
                <ScrollArea.Autosize mah={Math.max(300, stage.height - 90)} offsetScrollbars type="auto">
                  <RealismControls
                    realism={realism}
                    onChange={setRealism}
                    tool={tool}
                    onToolChange={(next) => {
                      setDraft(null);
                      setTool(next);
                    }}
                    brush={brush}
                    onBrushChange={setBrush}
                    draft={draft}
                    onFinishShape={finishShape}
                  />
                </ScrollArea.Autosize>
              </Tabs.Panel>
            </Tabs>
          )}

          {serverMessage ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} aria-hidden />}
              title={text.uploadFailed}
              role="alert"
              data-testid="upload-error"
            >
              <Text fz="sm">{serverMessage}</Text>
            </Alert>
          ) : null}
        </Stack>
      </Group>

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onSkip} disabled={uploading}>
          {text.skip}
        </Button>
        <MantineBox pos="relative">
          <Button onClick={() => void upload()} loading={uploading} miw={110}>
            {text.uploadButton}
          </Button>
          {uploading && progress > 0 && progress < 1 ? (
            <Text fz="xs" c="dimmed" className={classes.progress} aria-live="polite">
              {Math.round(progress * 100)}%
            </Text>
          ) : null}
        </MantineBox>
      </Group>
    </Stack>
  );
}
