import type { Quad, Size } from './placeholder-geometry';

/** The part of a Konva node used here: its transform from local to stage coordinates. */
interface TransformedNode {
  getAbsoluteTransform(): { point(point: { x: number; y: number }): { x: number; y: number } };
}

/**
 * Where a node's local rectangle (0,0)-(width,height) finally lies on the stage: its four corners
 * through the node's absolute transform (position, rotation, offset and any scale), named as on
 * the unrotated rectangle.
 */
export function cornersOfNode(node: TransformedNode, size: Size): Quad {
  const transform = node.getAbsoluteTransform();
  const at = (x: number, y: number) => {
    const point = transform.point({ x, y });
    return { x: point.x, y: point.y };
  };
  return {
    topLeft: at(0, 0),
    topRight: at(size.width, 0),
    bottomRight: at(size.width, size.height),
    bottomLeft: at(0, size.height),
  };
}
