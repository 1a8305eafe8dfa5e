import { Progress, type MantineSize } from '@mantine/core';

/** One coloured part of a counts bar: how many of the total it stands for. */
export interface CountsBarPart {
  count: number;
  color: string;
  striped?: boolean;
  animated?: boolean;
}

interface CountsBarProps {
  /** The bar's accessible name. */
  label: string;
  /** What a screen reader says of its value. */
  valueText: string;
  /** The count read out as the bar's value, of `total`. */
  value: number;
  total: number;
  /** The parts drawn from the left, each as wide as its share of the total. */
  parts: readonly CountsBarPart[];
  size: MantineSize;
  mt?: number;
}

/** A share of a total as a percentage 0..100 (0 when there is no total). */
function percentOf(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, (part / total) * 100));
}

/**
 * A progress bar of a run's counts (done, failed, under way) in their colours, read out as one
 * value: mockups rendered of a job or run, AI tasks finished.
 */
export function CountsBar({ label, valueText, value, total, parts, size, mt }: CountsBarProps) {
  return (
    <Progress.Root
      size={size}
      radius="xl"
      mt={mt}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      {parts.map((part, index) => (
        <Progress.Section
          // The parts are a fixed list per bar: their place is who they are.
          key={index}
          value={percentOf(part.count, total)}
          color={part.color}
          striped={part.striped}
          animated={part.animated}
          withAria={false}
        />
      ))}
    </Progress.Root>
  );
}
