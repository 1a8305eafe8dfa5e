import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useCreateWorkspace } from './create-workspace.api';
import { workspaceMessages as text } from './workspace-messages';

const nameMaxLength = 100;

interface CreateWorkspaceModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The create modal: a 'Workspace Name' input, 'Create Workspace' and 'Cancel'. */
export function CreateWorkspaceModal({ opened, onClose }: CreateWorkspaceModalProps) {
  const createWorkspace = useCreateWorkspace();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const trimmed = name.trim();

  const close = () => {
    if (createWorkspace.isPending) return;
    setName('');
    setFieldError(null);
    createWorkspace.reset();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || createWorkspace.isPending) return;
    createWorkspace.mutate(
      { workspace_name: trimmed },
      {
        onSuccess: (workspace) => {
          notifySuccess(workspace.workspace_name, text.created);
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
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={text.createTitle} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TextInput
            label={text.nameLabel}
            description={text.nameHint}
            name="workspace_name"
            autoComplete="off"
            data-autofocus
            maxLength={nameMaxLength}
            value={name}
            error={fieldError}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setFieldError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={createWorkspace.isPending}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={createWorkspace.isPending} disabled={!trimmed}>
              {text.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
