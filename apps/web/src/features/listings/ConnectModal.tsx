import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { ListingProvider } from '@podflow/contract/listings';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifySuccess } from '../../ui/notify';
import { UploadModal } from '../../ui/UploadModal';
import { ApiKeyInput, type ApiKeyInputProps } from './ApiKeyInput';
import { listingsText as text } from './listings-messages';
import type { ProviderModalProps } from './ProviderPanel';
import { useSaveConnection, type SaveConnectionBody } from './store-connection.api';

/** Saving a provider's connection. */
export type SaveConnection<P extends ListingProvider> = ReturnType<typeof useSaveConnection<P>>;

interface ConnectModalProps<P extends ListingProvider> extends ProviderModalProps<P> {
  provider: P;
  title: string;
  intro: string;
  /** The form; unmounted on close, so each opening starts from the saved connection. */
  children: (save: SaveConnection<P>) => ReactNode;
}

/** The window of connecting a provider, held open while saving. */
export function ConnectModal<P extends ListingProvider>(props: ConnectModalProps<P>) {
  const { provider, workspaceId, opened, onClose, title, intro, children } = props;
  const save = useSaveConnection(workspaceId, provider);
  return (
    <UploadModal opened={opened} onClose={onClose} title={title} intro={intro} uploading={save.isPending}>
      {children(save)}
    </UploadModal>
  );
}

interface ConnectFormProps<P extends ListingProvider> {
  apiKey: ApiKeyInputProps;
  save: SaveConnection<P>;
  /** What Save sends; null while something is missing. */
  values: SaveConnectionBody[P] | null;
  /** Why Save cannot be used yet; null when it can. */
  saveReason: string | null;
  /** What a failed save says in the form (after an alert of SPEC.md's), or null for nothing more. */
  onSaveFailed: (error: unknown) => string | null;
  onClose: () => void;
  /** The fields after the API key. */
  children: ReactNode;
}

/**
 * A connect form: the API key, the provider's fields, why saving failed, Cancel and Save. A
 * saved connection closes it with the server's message.
 */
export function ConnectForm<P extends ListingProvider>(props: ConnectFormProps<P>) {
  const { apiKey, save, values, saveReason, onSaveFailed, onClose, children } = props;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    if (!values) return;
    setFailure(null);
    save.mutate(values, {
      onSuccess: (reply) => {
        notifySuccess(reply.message);
        onClose();
      },
      onError: (error) => setFailure(onSaveFailed(error)),
    });
  };

  return (
    <>
      <ApiKeyInput {...apiKey} />
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
