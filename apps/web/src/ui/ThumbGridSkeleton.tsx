import { SimpleGrid, Skeleton, type MantineSpacing } from '@mantine/core';

interface ThumbGridSkeletonProps {
  /** Columns of the grid it stands in for; one row of them is shown. */
  cols: number;
  spacing: MantineSpacing;
  /** A card's height in pixels. */
  height: number;
  /** Its accessible name, e.g. "Loading designs". */
  label: string;
}

/** One row of grey cards while a thumbnail grid loads. */
export function ThumbGridSkeleton({ cols, spacing, height, label }: ThumbGridSkeletonProps) {
  return (
    <SimpleGrid cols={cols} spacing={spacing} aria-label={label}>
      {Array.from({ length: cols }, (_, index) => (
        <Skeleton key={index} h={height} radius="md" />
      ))}
    </SimpleGrid>
  );
}
