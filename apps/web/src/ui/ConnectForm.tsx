import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { GuardedButton } from './GuardedButton';
import { notifySuccess } from './notify';

/** Saving a connection: sends the form's values; the server answers with its message. */
export type SaveConnection<V> = UseMutationResult<{ message: string }, Error, V>;

/** What a service's connect form (step 1, in the panel's modal) is given. */
export interface ConnectStepProps<C, V> {
  workspaceId: string;
  /** The saved connection the form starts from, or null. */
  connection: C | null;
  save: SaveConnection<V>;
  onClose: () => void;
}

interface ConnectFormProps<V> {
  save: SaveConnection<V>;
  /** What Save sends; null while something is missing or wrong. */
  values: V | null;
  /** Why Save cannot be used yet; null when it can. */
  saveReason: string | null;
  /** What a failed save says in the form, or null for nothing. */
  onSaveFailed: (error: unknown) => string | null;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * The form of a connect modal: its fields, why saving failed (in the form, which stays open with
 * everything typed), Cancel and Save. A saved connection closes it with the server's message.
 */
export function ConnectForm<V>({
  save,
  values,
  saveReason,
  onSaveFailed,
  onClose,
  children,
}: ConnectFormProps<V>) {
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
          Cancel
        </Button>
        <GuardedButton reason={saveReason} loading={save.isPending} onClick={submit}>
          Save
        </GuardedButton>
      </Group>
    </>
  );
}
