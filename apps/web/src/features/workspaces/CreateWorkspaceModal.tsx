import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { WORKSPACE_NAME_MAX } from '@podflow/contract/workspaces';
import { ApiError } from '../../api/client';
import { newRequestKey } from '../../api/request-key';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSingleFlight } from '../../ui/use-single-flight';
import { useCreateWorkspace } from './create-workspace.api';
import { workspaceMessages as text } from './workspace-messages';

/** From this length on the field counts the characters left. */
const countFrom = WORKSPACE_NAME_MAX - 20;

interface CreateWorkspaceModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The create modal: a 'Workspace Name' input, 'Create Workspace' and 'Cancel'. */
export function CreateWorkspaceModal({ opened, onClose }: CreateWorkspaceModalProps) {
  const createWorkspace = useCreateWorkspace();
  const flight = useSingleFlight();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // One key per workspace the seller means to make: a second click or a retry after a lost answer
  // sends the same one, so the server makes it once. A new key after success or a changed name.
  const requestKey = useRef(newRequestKey());
  const trimmed = name.trim();
  const pending = flight.busy || createWorkspace.isPending;
  const atLimit = name.length >= WORKSPACE_NAME_MAX;

  const close = () => {
    if (pending) return;
    setName('');
    setFieldError(null);
    createWorkspace.reset();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed) return;
    void flight.run(() =>
      createWorkspace.mutateAsync(
        { request: { workspace_name: trimmed }, idempotencyKey: requestKey.current },
        {
          onSuccess: (workspace) => {
            notifySuccess(workspace.workspace_name, text.created);
            requestKey.current = newRequestKey();
            setName('');
            setFieldError(null);
            onClose();
          },
          onError: (error) => {
            // SPEC.md section 8: create failures are logged; a field message shows under the input.
            console.error('Creating the workspace failed', error);
            const fieldMessage = error instanceof ApiError ? error.fields.workspace_name : undefined;
            if (fieldMessage) setFieldError(fieldMessage);
            else notifyError(error.message, text.createFailed);
          },
        },
      ),
    );
  };

  const description =
    name.length >= countFrom ? (
      <Text component="span" fz="xs" c={atLimit ? 'orange.9' : 'dimmed'} aria-live="polite">
        {atLimit ? text.nameAtLimit : text.nameLeft(WORKSPACE_NAME_MAX - name.length)}
      </Text>
    ) : (
      text.nameHint
    );

  return (
    <Modal opened={opened} onClose={close} title={text.createTitle} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TextInput
            label={text.nameLabel}
            description={description}
            name="workspace_name"
            autoComplete="off"
            data-autofocus
            maxLength={WORKSPACE_NAME_MAX}
            value={name}
            error={fieldError}
            readOnly={pending}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setFieldError(null);
              requestKey.current = newRequestKey();
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={pending} disabled={!trimmed}>
              {text.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
