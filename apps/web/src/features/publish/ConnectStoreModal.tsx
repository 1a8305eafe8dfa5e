import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { TargetStore } from '@podflow/contract/stores';
import { failureText } from '../../api/failure-text';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifySuccess } from '../../ui/notify';
import { UploadModal } from '../../ui/UploadModal';
import { publishText as text } from './publish-messages';
import { useSaveStoreConnection, type SaveStoreBody, type StoreConnectionOf } from './store-connection.api';

/** Saving a store's connection. */
export type SaveStoreConnection<S extends TargetStore> = ReturnType<typeof useSaveStoreConnection<S>>;

/** What a store's connect modal is given. */
export interface StoreModalProps<S extends TargetStore> {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  /** The saved connection the form starts from, or null. */
  connection: StoreConnectionOf[S] | null;
}

interface ConnectStoreModalProps<S extends TargetStore> extends StoreModalProps<S> {
  store: S;
  title: string;
  intro: string;
  /** The form; unmounted on close, so each opening starts from the saved connection. */
  children: (save: SaveStoreConnection<S>) => ReactNode;
}

/** The window of connecting a store, held open while saving. */
export function ConnectStoreModal<S extends TargetStore>(props: ConnectStoreModalProps<S>) {
  const { store, workspaceId, opened, onClose, title, intro, children } = props;
  const save = useSaveStoreConnection(workspaceId, store);
  return (
    <UploadModal opened={opened} onClose={onClose} title={title} intro={intro} uploading={save.isPending}>
      {children(save)}
    </UploadModal>
  );
}

interface ConnectStoreFormProps<S extends TargetStore> {
  save: SaveStoreConnection<S>;
  /** What Save sends; null while something is missing or wrong. */
  values: SaveStoreBody[S] | null;
  /** Why Save cannot be used yet; null when it can. */
  saveReason: string | null;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * A connect form: the store's fields, why saving failed (SPEC.md section 8: the server's sentence,
 * in the form, which stays open with everything typed), Cancel and Save. A saved connection
 * closes it with the server's message.
 */
export function ConnectStoreForm<S extends TargetStore>(props: ConnectStoreFormProps<S>) {
  const { save, values, saveReason, onClose, children } = props;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    if (!values) return;
    setFailure(null);
    save.mutate(values, {
      onSuccess: (reply) => {
        notifySuccess(reply.message);
        onClose();
      },
      onError: (error) => setFailure(failureText(error, text.saveFailed)),
    });
  };

  return (
    <>
      {children}
      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          <Text fz="sm" fw={500}>
            {failure}
          </Text>
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          {text.cancel}
        </Button>
        <GuardedButton reason={saveReason} loading={save.isPending} onClick={submit}>
          {text.save}
        </GuardedButton>
      </Group>
    </>
  );
}
