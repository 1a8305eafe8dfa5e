import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './PageToolbar.module.css';

interface PageToolbarProps {
  /** The toolbar's accessible name. */
  label: string;
  /** A class of the screen's own, for what only it needs. */
  className?: string;
  children: ReactNode;
}

/** A screen's row of actions under its header, spread to both ends, kept in reach as a long list scrolls. */
export function PageToolbar({ label, className, children }: PageToolbarProps) {
  return (
    <Group
      justify="space-between"
      gap="sm"
      className={className ? `${classes.toolbar} ${className}` : classes.toolbar}
      role="toolbar"
      aria-label={label}
    >
      {children}
    </Group>
  );
}
