import type Konva from 'konva';
// Konva's core plus the five shapes drawn here, not the whole library (filters, text, paths…).
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Transformer';
import { useEffect, useRef, type RefObject } from 'react';
import {
  Circle,
  Group,
  Image as KonvaImage,
  Layer,
  Line,
  Rect,
  Shape,
  Stage,
  Transformer,
} from 'react-konva/lib/ReactKonvaCore';
import {
  boundTransformerBox,
  boxCorners,
  clampCenter,
  containRect,
  cornerOrder,
  limitHandleMove,
  normalizeRotation,
  quadRing,
  type Box,
  type CornerName,
  type Point,
  type Quad,
  type Size,
} from './placeholder-geometry';
import type { Artwork } from './preview-artwork';
import { drawImageOnQuad } from './perspective-math';
import {
  areaAspect,
  drawOccluded,
  outlineOccluders,
  surfaceOutline,
  type PreviewOccluder,
  type Realism,
} from './realism';

export type PlaceholderMode = 'rectangle' | 'perspective';

/** What a press on the preview does: move the print area, paint an occluder, or pick one's corners. */
export type StageTool = 'move' | 'paint' | 'pick';

const occluderColour = '#e8590c';

const brand = '#7048e8';
const areaFill = 'rgba(112, 72, 232, 0.10)';
/** How the design shows inside the area: clearly, with the photo faintly beneath. */
const artworkOpacity = 0.9;

interface PlaceholderStageProps {
  image: HTMLImageElement;
  size: Size;
  mode: PlaceholderMode;
  showPlaceholder: boolean;
  box: Box;
  onBoxChange: (box: Box) => void;
  /** The rotation while the Transformer's rotate handle turns the box (null when it stops). */
  onLiveRotation: (rotation: number | null) => void;
  /** How much the Transformer has scaled the box while it is resized (null when it stops). */
  onLiveScale?: (scale: number | null) => void;
  quad: Quad;
  onQuadChange: (quad: Quad) => void;
  /** Called when a corner drag was stopped short to keep the area convex. */
  onHandleLimited: (limited: boolean) => void;
  artwork: Artwork | null;
  /** The box's group, whose absolute transform gives the corners that are sent. */
  groupRef: RefObject<Konva.Group | null>;
  realism: Realism;
  /** The typed width and height: their ratio is the print area's box (as the engine takes it). */
  dimensions: Size | null;
  tool: StageTool;
  /** The brush's width in preview pixels. */
  brush: number;
  /** The occluder being painted or picked (not yet in realism.occluders). */
  draft: PreviewOccluder | null;
  onDraftChange: (draft: PreviewOccluder | null) => void;
  /** A painted stroke ended. */
  onOccluderAdded: (occluder: PreviewOccluder) => void;
  /** A double click ends the shape being picked. */
  onFinishShape: () => void;
}

const anchors = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

function setCursor(event: Konva.KonvaEventObject<MouseEvent>, cursor: string) {
  const container = event.target.getStage()?.container();
  if (container) container.style.cursor = cursor;
}

/**
 * The preview of the placeholder editor (react-konva): the template image, and over it either the
 * box (drag to move, Transformer corners to resize with the aspect ratio kept, its handle to
 * rotate; every move bounded to the preview) or, in perspective mode, four corner handles joined
 * by an outline. The design is drawn inside the area as the seller edits.
 */
export function PlaceholderStage({
  image,
  size,
  mode,
  showPlaceholder,
  box,
  onBoxChange,
  onLiveRotation,
  onLiveScale,
  quad,
  onQuadChange,
  onHandleLimited,
  artwork,
  groupRef,
  realism,
  dimensions,
  tool,
  brush,
  draft,
  onDraftChange,
  onOccluderAdded,
  onFinishShape,
}: PlaceholderStageProps) {
  const transformerRef = useRef<Konva.Transformer>(null);
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  }, [draft]);
  const quadRef = useRef(quad);
  useEffect(() => {
    quadRef.current = quad;
  }, [quad]);

  const rectangle = showPlaceholder && mode === 'rectangle';
  useEffect(() => {
    const transformer = transformerRef.current;
    const group = groupRef.current;
    if (!rectangle || !transformer || !group) return;
    transformer.nodes([group]);
    transformer.forceUpdate();
    transformer.getLayer()?.batchDraw();
  }, [rectangle, box, groupRef]);

  const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const fitted = artwork ? containRect(artwork, box) : null;
  const { cylinder } = realism;
  // The area the design is drawn on: the box's corners (rectangle) or the dragged ones.
  const areaQuad = mode === 'rectangle' ? boxCorners(box) : quad;
  const aspect = areaAspect(areaQuad, dimensions);
  const wrapped = showPlaceholder && cylinder !== null;
  const occluders = draft ? [...realism.occluders, draft] : realism.occluders;

  const pointer = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) =>
    event.target.getStage()?.getPointerPosition() ?? null;
  const startStroke = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const at = pointer(event);
    if (tool !== 'paint' || !at) return;
    onDraftChange({ points: [at], brush });
  };
  const extendStroke = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const current = draftRef.current;
    const at = pointer(event);
    if (tool !== 'paint' || !current || current.brush === undefined || !at) return;
    const last = current.points[current.points.length - 1]!;
    if (Math.hypot(at.x - last.x, at.y - last.y) < 2 || current.points.length >= 500) return;
    const next = { ...current, points: [...current.points, at] };
    draftRef.current = next;
    onDraftChange(next);
  };
  const endStroke = () => {
    const current = draftRef.current;
    if (tool !== 'paint' || !current || current.brush === undefined) return;
    // A click without a drag paints a dot.
    const points = current.points.length === 1 ? [current.points[0]!, current.points[0]!] : current.points;
    draftRef.current = null;
    onDraftChange(null);
    onOccluderAdded({ points, brush: current.brush });
  };
  const pickCorner = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const at = pointer(event);
    if (tool !== 'pick' || !at) return;
    const current = draftRef.current;
    const points = current && current.brush === undefined ? current.points : [];
    const last = points[points.length - 1];
    // The clicks of a double click (which finishes the shape) add no corner twice.
    if (points.length >= 500 || (last && Math.hypot(at.x - last.x, at.y - last.y) < 3)) return;
    const next = { points: [...points, at] };
    draftRef.current = next;
    onDraftChange(next);
  };

  const moveHandle = (corner: CornerName, point: Point) => {
    const next = { ...quadRef.current, [corner]: point };
    quadRef.current = next;
    onQuadChange(next);
  };

  return (
    <Stage width={size.width} height={size.height}>
      <Layer>
        <KonvaImage image={image} width={size.width} height={size.height} listening={false} />
        {wrapped && artwork ? (
          <Shape
            listening={false}
            opacity={artworkOpacity}
            sceneFunc={(context) =>
              drawImageOnQuad(context._context, artwork, areaQuad, { aspect, cylinder })
            }
          />
        ) : null}
        {wrapped ? (
          <Line
            name="wrapped-outline"
            points={surfaceOutline(areaQuad, aspect, cylinder).flatMap((point) => [point.x, point.y])}
            closed
            stroke={brand}
            strokeWidth={1}
            dash={[3, 3]}
            listening={false}
          />
        ) : null}
        {rectangle ? (
          <>
            <Group
              ref={groupRef}
              name="placeholder"
              x={center.x}
              y={center.y}
              offsetX={box.width / 2}
              offsetY={box.height / 2}
              rotation={box.rotation}
              draggable
              dragBoundFunc={(position) => clampCenter(position, box, size)}
              onDragEnd={(event) =>
                onBoxChange({
                  ...box,
                  x: event.target.x() - box.width / 2,
                  y: event.target.y() - box.height / 2,
                })
              }
              onTransform={(event) => {
                onLiveRotation(normalizeRotation(event.target.rotation()));
                onLiveScale?.(event.target.scaleX());
              }}
              onTransformEnd={(event) => {
                const node = event.target;
                const width = box.width * node.scaleX();
                const height = box.height * node.scaleY();
                node.scale({ x: 1, y: 1 });
                onLiveRotation(null);
                onLiveScale?.(null);
                onBoxChange({
                  x: node.x() - width / 2,
                  y: node.y() - height / 2,
                  width,
                  height,
                  rotation: normalizeRotation(node.rotation()),
                });
              }}
              onMouseEnter={(event) => setCursor(event, 'move')}
              onMouseLeave={(event) => setCursor(event, 'default')}
            >
              {artwork && fitted && !wrapped ? (
                <KonvaImage image={artwork} {...fitted} opacity={artworkOpacity} listening={false} />
              ) : null}
              <Rect
                width={box.width}
                height={box.height}
                fill={areaFill}
                stroke={brand}
                strokeWidth={1.5}
                dash={[6, 4]}
                strokeScaleEnabled={false}
              />
            </Group>
            <Transformer
              ref={transformerRef}
              keepRatio
              enabledAnchors={anchors}
              rotateEnabled
              flipEnabled={false}
              ignoreStroke
              rotationSnaps={[-180, -90, 0, 90, 180]}
              rotationSnapTolerance={3}
              anchorSize={11}
              anchorCornerRadius={6}
              anchorStroke={brand}
              anchorStrokeWidth={2}
              borderStroke={brand}
              borderStrokeWidth={1}
              rotateAnchorOffset={26}
              boundBoxFunc={(oldBox, newBox) => boundTransformerBox(oldBox, newBox, size)}
            />
          </>
        ) : null}
        {showPlaceholder && mode === 'perspective' ? (
          <>
            {artwork && !wrapped ? (
              <Shape
                listening={false}
                opacity={artworkOpacity}
                sceneFunc={(context) => drawImageOnQuad(context._context, artwork, quad, { aspect })}
              />
            ) : null}
            <Line
              points={quadRing(quad).flatMap((point) => [point.x, point.y])}
              closed
              fill={artwork ? undefined : areaFill}
              stroke={brand}
              strokeWidth={1.5}
              dash={[6, 4]}
              listening={false}
            />
            {cornerOrder.map((corner) => (
              <Circle
                key={corner}
                name={`handle-${corner}`}
                x={quad[corner].x}
                y={quad[corner].y}
                radius={8}
                hitStrokeWidth={14}
                fill="#ffffff"
                stroke={brand}
                strokeWidth={2.5}
                draggable
                dragBoundFunc={(position) => {
                  const wanted = {
                    x: Math.min(Math.max(position.x, 0), size.width),
                    y: Math.min(Math.max(position.y, 0), size.height),
                  };
                  const allowed = limitHandleMove(quadRef.current, corner, wanted, size);
                  onHandleLimited(Math.hypot(allowed.x - wanted.x, allowed.y - wanted.y) > 1);
                  return allowed;
                }}
                onDragMove={(event) => moveHandle(corner, event.target.position())}
                onDragEnd={(event) => {
                  moveHandle(corner, event.target.position());
                  onHandleLimited(false);
                }}
                onMouseEnter={(event) => setCursor(event, 'grab')}
                onMouseLeave={(event) => setCursor(event, 'default')}
              />
            ))}
          </>
        ) : null}
        {showPlaceholder && occluders.length > 0 ? (
          <Shape
            name="occluders"
            listening={false}
            sceneFunc={(context) => {
              drawOccluded(context._context, image, size, occluders);
              outlineOccluders(context._context, occluders, occluderColour);
            }}
          />
        ) : null}
        {showPlaceholder && draft && draft.brush === undefined ? (
          <Line
            points={draft.points.flatMap((point) => [point.x, point.y])}
            stroke={occluderColour}
            strokeWidth={1.5}
            listening={false}
          />
        ) : null}
        {showPlaceholder && tool !== 'move' ? (
          <Rect
            name="occluder-input"
            width={size.width}
            height={size.height}
            fill="rgba(0, 0, 0, 0)"
            onMouseDown={startStroke}
            onTouchStart={startStroke}
            onMouseMove={extendStroke}
            onTouchMove={extendStroke}
            onMouseUp={endStroke}
            onTouchEnd={endStroke}
            onMouseLeave={endStroke}
            onClick={pickCorner}
            onTap={pickCorner}
            onDblClick={() => {
              if (tool === 'pick') onFinishShape();
            }}
            onMouseEnter={(event) => setCursor(event, 'crosshair')}
          />
        ) : null}
      </Layer>
    </Stage>
  );
}
