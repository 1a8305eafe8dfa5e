import { Progress, type MantineSize } from '@mantine/core';
import { percentOf } from './job-progress';

interface RenderedBarProps {
  /** The bar's accessible name. */
  label: string;
  /** What a screen reader says of its value. */
  valueText: string;
  done: number;
  failed: number;
  total: number;
  /** The colour of the rendered part. */
  color: string;
  animated: boolean;
  size: MantineSize;
  mt?: number;
}

/** A progress bar of mockups rendered (in `color`) and failed (red) of a total, one value to read out. */
export function RenderedBar({
  label,
  valueText,
  done,
  failed,
  total,
  color,
  animated,
  size,
  mt,
}: RenderedBarProps) {
  return (
    <Progress.Root
      size={size}
      radius="xl"
      mt={mt}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={valueText}
    >
      <Progress.Section value={percentOf(done, total)} color={color} animated={animated} withAria={false} />
      <Progress.Section value={percentOf(failed, total)} color="red" withAria={false} />
    </Progress.Root>
  );
}
