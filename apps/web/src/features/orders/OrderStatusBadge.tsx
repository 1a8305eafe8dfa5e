import { Badge, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconClockHour4,
  IconPackage,
  IconPrinter,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { orderStatusWords, type OrderStatus } from '@podflow/contract/orders';
import { ordersText as text } from './orders-messages';

type Look = { color: string; icon: typeof IconPrinter };

const needsYou: Look = { color: 'orange', icon: IconAlertTriangle };
const waiting: Look = { color: 'gray', icon: IconClockHour4 };
const making: Look = { color: 'blue', icon: IconPrinter };

/** Each status's colour and icon: the icon and the words say it, the colour only repeats it. */
const looks: Record<OrderStatus, Look> = {
  awaiting_approval: needsYou,
  action_required: needsYou,
  has_issues: { color: 'red', icon: IconAlertTriangle },
  not_at_provider: needsYou,
  pending: waiting,
  draft: waiting,
  sending_to_production: making,
  in_production: making,
  in_progress: making,
  shipped: { color: 'teal', icon: IconTruckDelivery },
  delivered: { color: 'green', icon: IconCircleCheck },
  canceled: { color: 'gray', icon: IconBan },
  returned: { color: 'gray', icon: IconPackage },
};

/** An order's status in plain words, the provider's own word in its tooltip. */
export function OrderStatusBadge({
  status,
  providerStatus,
}: {
  status: OrderStatus;
  providerStatus: string;
}) {
  const look = looks[status];
  const Icon = look.icon;
  return (
    <Tooltip label={text.providerWord(providerStatus)} withArrow openDelay={300}>
      <Badge
        color={look.color}
        variant="light"
        radius="sm"
        tt="none"
        fw={600}
        leftSection={<Icon size={13} aria-hidden />}
        // The words in dark text (a light badge's own shade falls short of 4.5:1); the tint and icon carry the colour.
        styles={{
          root: { maxWidth: '100%' },
          label: { whiteSpace: 'normal', lineHeight: 1.25, color: 'var(--mantine-color-dark-7)' },
        }}
        h="auto"
        py={3}
      >
        {orderStatusWords[status]}
      </Badge>
    </Tooltip>
  );
}
