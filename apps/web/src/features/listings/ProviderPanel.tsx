import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPlugConnected, IconRocket } from '@tabler/icons-react';
import { Fragment, useId, useState, type ComponentType, type ReactNode } from 'react';
import type { ListingProvider } from '@podflow/contract/listings';
import { GuardedButton } from '../../ui/GuardedButton';
import type { useListingRun } from './get-listing-run.api';
import { createListingsReason } from './listing-run';
import { listingsText as text } from './listings-messages';
import { providerSetups, type ConnectionDetail } from './provider-setup';
import { RunProgress } from './RunProgress';
import { useConnection, type ConnectionOf } from './store-connection.api';
import classes from './CreateListingsPage.module.css';

/** What a provider's connect modal is given. */
export interface ProviderModalProps<P extends ListingProvider> {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  /** The saved connection the form starts from, or null. */
  connection: ConnectionOf[P] | null;
}

/** What the page gives each provider's panel. */
export interface PanelProps {
  workspaceId: string;
  /** The workspace's designs; null while they load. */
  designs: number | null;
  latest: ReturnType<typeof useListingRun>;
}

interface ProviderPanelProps<P extends ListingProvider> extends PanelProps {
  provider: P;
  /** The create call is out. */
  sending: boolean;
  onCreate: () => void;
  modal: ComponentType<ProviderModalProps<P>>;
  /** An option of step 2, under the steps. */
  option?: ReactNode;
  /** What the last create call said, under the run. */
  children?: ReactNode;
}

/**
 * A print provider: whether and to what the workspace is connected, its two numbered steps (step
 * 2 says why it cannot be used yet), and its latest run.
 */
export function ProviderPanel<P extends ListingProvider>(props: ProviderPanelProps<P>) {
  const { provider, workspaceId, designs, latest, sending, onCreate, modal: Modal, option, children } = props;
  const setup = providerSetups[provider];
  const titleId = useId();
  const connection = useConnection(workspaceId, provider);
  const [connectOpen, setConnectOpen] = useState(false);

  const info = connection.data;
  const complete = info ? setup.complete(info) : false;
  const loadFailed = connection.isError && info === undefined;
  const reason = sending
    ? text.creating(setup.name)
    : createListingsReason({
        provider: setup.name,
        connection: info,
        complete,
        notConnectedText: setup.notConnectedText,
        designs,
        running: latest.active,
      });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="lg" fw={650} id={titleId}>
              {setup.name}
            </Title>
            {info === undefined ? null : (
              <Badge color={info ? 'green' : 'gray'} variant="light" radius="sm">
                {info ? text.connected : text.notConnected}
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed" mt={4}>
            {setup.about}
          </Text>
        </div>
        {loadFailed ? (
          <Group gap="sm" role="alert">
            <Text fz="sm" c="red.8" fw={500}>
              {text.connectionLoadFailed(setup.name)}
            </Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void connection.refetch()}>
              {text.tryAgain}
            </Button>
          </Group>
        ) : info === undefined ? (
          <Skeleton h={64} radius="sm" />
        ) : info ? (
          <ConnectionDetails label={text.connectionLabel(setup.name)} details={setup.details(info)} />
        ) : null}
        <Group gap="sm">
          <Button
            variant={complete ? 'default' : 'filled'}
            leftSection={
              complete ? (
                <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
              ) : (
                <IconPlugConnected size={18} aria-hidden />
              )
            }
            onClick={() => setConnectOpen(true)}
            disabled={info === undefined && !loadFailed}
          >
            {text.connectStep(setup.name)}
          </Button>
          <GuardedButton
            reason={reason}
            leftSection={<IconRocket size={18} aria-hidden />}
            loading={sending}
            onClick={onCreate}
          >
            {text.createStep(setup.name)}
          </GuardedButton>
        </Group>
        {option}
        <RunProgress provider={setup.name} run={latest.run} starting={latest.creating} />
        {children}
      </Stack>
      <Modal
        opened={connectOpen}
        onClose={() => setConnectOpen(false)}
        workspaceId={workspaceId}
        connection={info ?? null}
      />
    </Paper>
  );
}

/** What a connection holds: a label and its value on each row. */
function ConnectionDetails({ label, details }: { label: string; details: ConnectionDetail[] }) {
  return (
    <dl className={classes.details} aria-label={label}>
      {details.map((detail) => (
        <Fragment key={detail.label}>
          <Text component="dt" fz="sm" c="dimmed">
            {detail.label}
          </Text>
          <Text
            component="dd"
            fz="sm"
            fw={500}
            truncate="end"
            title={detail.value}
            ff={detail.code ? 'monospace' : undefined}
          >
            {detail.value}
          </Text>
        </Fragment>
      ))}
    </dl>
  );
}
