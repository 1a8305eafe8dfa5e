import { Group, Text, Tooltip } from '@mantine/core';
import type { OrderItem } from '@podflow/contract/orders';
import { ordersText as text } from './orders-messages';
import classes from './OrdersPage.module.css';

/** One picture of an item: on the checkerboard (a design may be transparent), lazy, named. */
function Thumb({ src, alt, size }: { src: string; alt: string; size: number }) {
  return (
    <span className={classes.thumb} style={{ width: size, height: size }}>
      <img src={src} alt={alt} loading="lazy" decoding="async" width={size} height={size} />
    </span>
  );
}

/**
 * An order's items as the design's thumbnail and the mockup PodFlow made for it, when PodFlow made
 * the product; the item's title otherwise. At most `max` items, then how many more.
 */
export function OrderItemsThumbs({
  items,
  max = 2,
  size = 40,
}: {
  items: OrderItem[];
  max?: number;
  size?: number;
}) {
  const shown = items.slice(0, max);
  return (
    <Group gap={6} wrap="nowrap">
      {shown.map((item, index) => {
        const label = `${item.title}${item.variant ? ` · ${item.variant}` : ''} ${text.quantity(item.quantity)}`;
        return (
          <Tooltip key={index} label={label} withArrow openDelay={300}>
            <Group gap={4} wrap="nowrap">
              {item.design_thumbnail_url ? (
                <Thumb src={item.design_thumbnail_url} alt={text.itemAlt(item.title)} size={size} />
              ) : null}
              {item.mockup_url ? (
                <Thumb src={item.mockup_url} alt={text.mockupAlt(item.title)} size={size} />
              ) : null}
              {!item.design_thumbnail_url && !item.mockup_url ? (
                <Text fz="xs" lineClamp={2} maw={120}>
                  {item.title}
                </Text>
              ) : null}
            </Group>
          </Tooltip>
        );
      })}
      {items.length > max ? (
        <Text fz="xs" c="dimmed">
          {text.moreItems(items.length - max)}
        </Text>
      ) : null}
    </Group>
  );
}
