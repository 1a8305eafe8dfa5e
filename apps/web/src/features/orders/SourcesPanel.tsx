import {
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { orderProviderNames, type OrderSource } from '@podflow/contract/orders';
import { failureText } from '../../api/failure-text';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSyncOrderSource } from './get-order-sources.api';
import { formatDateTime } from './order-format';
import { ordersText as text } from './orders-messages';
import classes from './OrdersPage.module.css';

/** One shop: when it was last checked, whether it imports, what went wrong, how updates arrive. */
function SourceRow({ source }: { source: OrderSource }) {
  const sync = useSyncOrderSource();
  const [failure, setFailure] = useState<string | null>(null);
  const check = async () => {
    setFailure(null);
    try {
      notifySuccess((await sync.mutateAsync(source.id)).message);
    } catch (error) {
      const sentence = failureText(error, text.syncFailed);
      setFailure(sentence);
      notifyError(sentence);
    }
  };
  return (
    <Stack gap={4} className={classes.source} component="li">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text fz="sm" fw={600} lineClamp={1}>
            {source.shop_title}
          </Text>
          <Badge size="sm" variant="light" color="gray" radius="sm" tt="none">
            {orderProviderNames[source.provider]}
          </Badge>
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {source.importing
              ? text.importing
              : source.last_synced_at
                ? text.lastSynced(formatDateTime(source.last_synced_at))
                : text.neverSynced}
          </Text>
        </Group>
        <GuardedButton
          size="xs"
          variant="subtle"
          reason={source.connected ? null : text.disconnected}
          loading={sync.isPending}
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={check}
        >
          {text.syncNow} <VisuallyHidden>{source.shop_title}</VisuallyHidden>
        </GuardedButton>
      </Group>
      {!source.connected ? (
        <Text fz="xs" c="dimmed">
          {text.disconnectedSource}
        </Text>
      ) : null}
      {source.problem || failure ? (
        <Group gap={4} wrap="nowrap" align="flex-start">
          <IconAlertCircle
            size={14}
            color="var(--mantine-color-red-9)"
            aria-hidden
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text fz="xs" c="red.9">
            {failure ?? source.problem}
          </Text>
        </Group>
      ) : null}
      <Text fz="xs" c="dimmed">
        {source.webhooks === 'off' && source.provider === 'shopify'
          ? text.shopifyWebhooksOff
          : text.webhooks[source.webhooks]}
      </Text>
      {source.webhooks === 'manual' && source.webhook_url ? (
        <Group gap="xs" wrap="nowrap">
          <Code className={classes.webhookUrl} aria-label={text.webhookUrl}>
            {source.webhook_url}
          </Code>
          <CopyButton value={source.webhook_url}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? text.copied : text.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The seller's shops that orders come from, each with its state and a "Sync now". */
export function SourcesPanel({ sources }: { sources: OrderSource[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-sources-title">
      <Title order={2} fz="sm" fw={650} mb="xs" id="order-sources-title">
        {text.sourcesTitle}
      </Title>
      <Stack gap="sm" component="ul" className={classes.sources}>
        {sources.map((source) => (
          <SourceRow key={source.id} source={source} />
        ))}
      </Stack>
    </Paper>
  );
}
