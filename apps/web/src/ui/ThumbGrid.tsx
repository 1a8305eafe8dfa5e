import { SimpleGrid, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface ThumbGridProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  cols: number;
  spacing: MantineSpacing;
  /** The list's accessible name. */
  label: string;
  /** One card of the grid. */
  children: (item: T) => ReactNode;
}

/** A grid of thumbnail cards as a list, one item per card. */
export function ThumbGrid<T>({ items, itemKey, cols, spacing, label, children }: ThumbGridProps<T>) {
  return (
    <SimpleGrid
      cols={cols}
      spacing={spacing}
      verticalSpacing={spacing}
      component="ul"
      aria-label={label}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item) => (
        <li key={itemKey(item)} style={{ minWidth: 0 }}>
          {children(item)}
        </li>
      ))}
    </SimpleGrid>
  );
}
