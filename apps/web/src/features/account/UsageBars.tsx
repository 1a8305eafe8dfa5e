import { Alert, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { billingMessages, type PlanUsage } from '@podflow/contract/billing';
import { usageMeters, type UsageMeter } from './usage';

function colorOf(meter: UsageMeter): string {
  if (meter.over) return 'red';
  if (meter.percent >= 90) return 'yellow';
  return 'violet';
}

function UsageBar({ meter }: { meter: UsageMeter }) {
  const color = colorOf(meter);
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500} truncate="end">
        {meter.label}
      </Text>
      {/* The bar is named and valued as a whole; Mantine's own "n%" text would hide the counts. */}
      <Progress.Root
        size="md"
        radius="xl"
        role="progressbar"
        aria-label={meter.label}
        aria-valuemin={0}
        aria-valuemax={meter.limit}
        aria-valuenow={Math.min(meter.used, meter.limit)}
        aria-valuetext={meter.over ? `${meter.shown}, over the limit` : meter.shown}
      >
        <Progress.Section value={Math.min(meter.percent, 100)} color={color} withAria={false} />
      </Progress.Root>
      <Text fz="sm" fw={meter.over ? 600 : 400} c={meter.over ? 'red.8' : 'dimmed'}>
        {meter.shown}
      </Text>
    </Stack>
  );
}

/** The plan's three quotas as bars; red past a limit, with what that means said once. */
export function UsageBars({ usage }: { usage: PlanUsage }) {
  const meters = usageMeters(usage);
  const over = meters.some((meter) => meter.over);
  return (
    <Stack gap="md">
      <SimpleGrid cols={3} spacing="xl">
        {meters.map((meter) => (
          <UsageBar key={meter.label} meter={meter} />
        ))}
      </SimpleGrid>
      {over ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {billingMessages.overLimit}
        </Alert>
      ) : null}
    </Stack>
  );
}
