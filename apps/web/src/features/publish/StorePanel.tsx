import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleCheck, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { Fragment, useId, useState } from 'react';
import { storeNames, type TargetStore } from '@podflow/contract/stores';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { publishText as text } from './publish-messages';
import { useStoreConnection } from './store-connection.api';
import { storeSetups, type ConnectionDetail } from './store-setup';
import { useStartSync, type useSyncRun } from './store-sync.api';
import { syncReason } from './store-sync-run';
import { SyncProgress } from './SyncProgress';
import classes from './PublishListingsPage.module.css';

interface StorePanelProps<S extends TargetStore> {
  store: S;
  workspaceId: string;
  /** The workspace's designs; null while they load. */
  designs: number | null;
  /** How many of them have a Printify product. */
  onPrintify: number;
  latest: ReturnType<typeof useSyncRun>;
}

/**
 * The target store: whether and to what the workspace is connected, its two numbered steps (step
 * 2 says why it cannot be used yet and asks SPEC.md's question first), and its latest sync.
 */
export function StorePanel<S extends TargetStore>(props: StorePanelProps<S>) {
  const { store, workspaceId, designs, onPrintify, latest } = props;
  const name = storeNames[store];
  const setup = storeSetups[store];
  const Modal = setup.modal;
  const titleId = useId();
  const connection = useStoreConnection(workspaceId, store);
  const sync = useStartSync(workspaceId, store);
  const [connectOpen, setConnectOpen] = useState(false);
  const [keepImages, setKeepImages] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const info = connection.data;
  const loadFailed = connection.isError && info === undefined;
  const reason = sync.isPending
    ? text.starting(store)
    : syncReason({ store, connection: info, designs, onPrintify, running: latest.active });

  const start = () => {
    setFailure(null);
    sync.mutate(store === 'woocommerce' && keepImages, {
      onSuccess: (reply) => notifySuccess(reply.message),
      onError: (error) => {
        // 409: a sync is going on (maybe from another tab): show it.
        if (error instanceof ApiError && error.status === 409) {
          notifyError(failureText(error, text.running(store)));
          void latest.query.refetch();
          return;
        }
        // SPEC.md section 8: an alert that sends to the console, where the details are.
        console.error(`${name} sync failed:`, error);
        window.alert(text.syncFailed(store));
        setFailure(failureText(error, text.syncFailed(store)));
      },
    });
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: text.confirmTitle(store),
      centered: true,
      children: (
        <>
          <Text fz="sm">{text.confirmSync}</Text>
          <Text fz="sm" c="dimmed" mt={6}>
            {text.confirmWhat(store, onPrintify, store === 'woocommerce' && keepImages)}
          </Text>
        </>
      ),
      labels: { confirm: text.proceed, cancel: text.cancel },
      onConfirm: start,
    });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="lg" fw={650} id={titleId}>
              {name}
            </Title>
            {info === undefined ? null : (
              <Badge color={info ? 'green' : 'gray'} variant="light" radius="sm">
                {info ? text.connectedBadge : text.notConnectedBadge}
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed" mt={4}>
            {text.storeAbout[store]}
          </Text>
        </div>
        {loadFailed ? (
          <Group gap="sm" role="alert">
            <Text fz="sm" c="red.8" fw={500}>
              {text.connectionLoadFailed(store)}
            </Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void connection.refetch()}>
              {text.tryAgain}
            </Button>
          </Group>
        ) : info === undefined ? (
          <Skeleton h={64} radius="sm" />
        ) : info ? (
          <ConnectionDetails
            label={text.connectionLabel(store)}
            details={setup.details(info)}
            onEdit={() => setConnectOpen(true)}
          />
        ) : null}
        <Group gap="sm">
          <Button
            variant={info ? 'default' : 'filled'}
            leftSection={
              info ? (
                <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
              ) : (
                <IconPlugConnected size={18} aria-hidden />
              )
            }
            onClick={() => setConnectOpen(true)}
            disabled={info === undefined && !loadFailed}
          >
            {text.connectStep(store)}
          </Button>
          <GuardedButton
            reason={reason}
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={sync.isPending}
            onClick={confirm}
          >
            {text.syncStep(store)}
          </GuardedButton>
        </Group>
        {store === 'woocommerce' ? (
          <Checkbox
            label={text.keepImages}
            description={text.keepImagesHint}
            checked={keepImages}
            onChange={(event) => setKeepImages(event.currentTarget.checked)}
          />
        ) : null}
        <SyncProgress store={store} run={latest.run} starting={sync.isPending} />
        {failure ? (
          <Alert color="red" variant="light" role="alert" title={text.syncFailed(store)}>
            {failure === text.syncFailed(store) ? null : <Text fz="sm">{failure}</Text>}
          </Alert>
        ) : null}
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

interface ConnectionDetailsProps {
  label: string;
  details: ConnectionDetail[];
  onEdit: () => void;
}

/** What a connection holds, a label and its value on each row, and a way to change it. */
function ConnectionDetails({ label, details, onEdit }: ConnectionDetailsProps) {
  return (
    <div className={classes.connection}>
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
      <Anchor component="button" type="button" fz="sm" onClick={onEdit} className={classes.edit}>
        {text.editConnection}
      </Anchor>
    </div>
  );
}
