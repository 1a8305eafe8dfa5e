import { Button, Group, NumberInput, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { OrderSettings } from '@podflow/contract/orders';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';
import { notifySuccess } from '../../ui/notify';
import { useOrderSettings, useSaveOrderSettings } from './order-settings.api';

export const settingsText = {
  title: 'Orders',
  intro: 'How PodFlow tells you about orders that need you.',
  digest: 'E-mail me a daily digest of orders that need attention',
  digestHint: 'At most one e-mail a day, only when some order needs you.',
  days: 'Days after shipping without tracking that count as needing attention',
  daysHint:
    'An order shipped this many days ago that still has no tracking number shows under Needs attention.',
  daysRange: 'Enter a whole number of days from 1 to 60.',
  save: 'Save',
  loadFailed: 'Your order settings could not be loaded.',
  saveFailed: 'Your order settings could not be saved. Please try again.',
} as const;

/** The form, started from the saved settings; Save is offered once something changed. */
function OrderSettingsForm({ saved }: { saved: OrderSettings }) {
  const save = useSaveOrderSettings();
  const [digest, setDigest] = useState(saved.digest);
  const [days, setDays] = useState<number | string>(saved.no_tracking_days);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = digest !== saved.digest || Number(days) !== saved.no_tracking_days;

  const submit = async () => {
    const value = Number(days);
    setFailure(null);
    if (!Number.isInteger(value) || value < 1 || value > 60) {
      setError(settingsText.daysRange);
      return;
    }
    setError(null);
    try {
      const reply = await save.mutateAsync({ digest, no_tracking_days: value });
      notifySuccess(reply.message);
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fields : {};
      if (fields.no_tracking_days) setError(fields.no_tracking_days);
      setFailure(failureText(caught, settingsText.saveFailed));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="lg">
        <Switch
          checked={digest}
          onChange={(event) => setDigest(event.currentTarget.checked)}
          label={settingsText.digest}
          description={settingsText.digestHint}
        />
        <NumberInput
          label={settingsText.days}
          description={settingsText.daysHint}
          value={days}
          onChange={setDays}
          min={1}
          max={60}
          allowDecimal={false}
          error={error}
          w={420}
          size="sm"
        />
        {failure ? (
          <Text fz="sm" c="red.9" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {settingsText.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Account > Settings: the order digest and when a missing tracking number needs the seller. */
export function SettingsPanel() {
  const settings = useOrderSettings();
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="order-settings-title">
      <Title order={2} fz="lg" id="order-settings-title">
        {settingsText.title}
      </Title>
      <Text c="dimmed" fz="sm" mb="lg">
        {settingsText.intro}
      </Text>
      {settings.data ? (
        <OrderSettingsForm
          key={`${settings.data.digest}:${settings.data.no_tracking_days}`}
          saved={settings.data}
        />
      ) : settings.isError ? (
        <LoadFailedAlert message={settingsText.loadFailed} onRetry={() => void settings.refetch()} />
      ) : (
        <Stack gap="md" aria-hidden>
          <Skeleton h={24} w="70%" />
          <Skeleton h={56} w={420} />
        </Stack>
      )}
    </Paper>
  );
}
