import { Alert, Checkbox, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRefresh } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { storeNames, type TargetStore } from '@podflow/contract/stores';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { ConnectionPanel } from '../../ui/ConnectionPanel';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifySuccess } from '../../ui/notify';
import { publishText as text } from './publish-messages';
import { useSaveStoreConnection, useStoreConnection } from './store-connection.api';
import { useSingleFlight } from './single-flight';
import { storeSetups } from './store-setup';
import { useStartSync, type useSyncRun } from './store-sync.api';
import { syncReason } from './store-sync-run';
import { SyncSummary } from './SyncSummary';

interface StorePanelProps<S extends TargetStore> {
  store: S;
  workspaceId: string;
  /** The workspace's designs; null while they load. */
  designs: number | null;
  /** How many of them have a Printify product. */
  onPrintify: number;
  latest: ReturnType<typeof useSyncRun>;
  /** Opens step 7, where skipped designs are fixed. */
  onFix: () => void;
}

/**
 * The target store: whether and to what the workspace is connected, its two numbered steps (step
 * 2 says why it cannot be used yet and asks SPEC.md's question first), and its latest sync.
 */
export function StorePanel<S extends TargetStore>(props: StorePanelProps<S>) {
  const { store, workspaceId, designs, onPrintify, latest, onFix } = props;
  const name = storeNames[store];
  const setup = storeSetups[store];
  const connection = useStoreConnection(workspaceId, store);
  const save = useSaveStoreConnection(workspaceId, store);
  const sync = useStartSync(workspaceId, store);
  const [keepImages, setKeepImages] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const info = connection.data;
  const reason = sync.isPending
    ? text.starting(store)
    : syncReason({ store, connection: info, designs, onPrintify, running: latest.active });

  const flight = useSingleFlight();
  const start = () =>
    flight((done) => {
      setFailure(null);
      sync.mutate(store === 'woocommerce' && keepImages, {
        onSettled: done,
        onSuccess: (reply) => notifySuccess(reply.message),
        onError: (error) => {
          // 409 (a server from before syncs were answered): a sync is going on, maybe from another tab: show it.
          if (error instanceof ApiError && error.status === 409) {
            void latest.query.refetch();
            return;
          }
          // SPEC.md section 8: an alert that sends to the console, where the details are.
          console.error(`${name} sync failed:`, error);
          window.alert(text.syncFailed(store));
          setFailure(failureText(error, text.syncFailed(store)));
        },
      });
    });

  // One question at a time: a double click on Sync opens one confirmation.
  const asking = useRef(false);
  const confirm = () => {
    if (asking.current) return;
    asking.current = true;
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
      onClose: () => {
        asking.current = false;
      },
    });
  };

  return (
    <ConnectionPanel
      name={name}
      about={text.storeAbout[store]}
      workspaceId={workspaceId}
      connection={connection}
      details={setup.details}
      complete={Boolean(info)}
      connect={{
        label: text.connectStep(store),
        title: setup.connectTitle,
        intro: setup.connectIntro,
        form: setup.form,
        save,
      }}
      editable
      action={
        <GuardedButton
          reason={reason}
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={sync.isPending}
          onClick={confirm}
        >
          {text.syncStep(store)}
        </GuardedButton>
      }
    >
      {store === 'woocommerce' ? (
        <Checkbox
          label={text.keepImages}
          description={text.keepImagesHint}
          checked={keepImages}
          disabled={sync.isPending || latest.active}
          onChange={(event) => setKeepImages(event.currentTarget.checked)}
        />
      ) : null}
      <SyncSummary store={store} run={latest.run} starting={sync.isPending} onFix={onFix} />
      {failure ? (
        // SPEC.md section 8's sentence as the title, and beside it the reason the server gave.
        <Alert color="red" variant="light" role="alert" title={text.syncFailed(store)}>
          <Text fz="sm">{failure === text.syncFailed(store) ? text.noReason : failure}</Text>
        </Alert>
      ) : null}
    </ConnectionPanel>
  );
}
