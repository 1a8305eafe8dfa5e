import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { useSession } from '../../api/session';
import { notifySuccess } from '../../ui/notify';
import { useChangePassword } from './change-password.api';

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Profile: the change-password form (SPEC.md sections 2 and 5). */
export function ProfilePanel() {
  const { email } = useSession();
  const changePassword = useChangePassword();
  const [form, setForm] = useState(emptyForm);
  const [problem, setProblem] = useState<string | null>(null);
  const inFlight = useRef(false);

  const update = (key: keyof typeof emptyForm, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setProblem(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changePassword.isPending || inFlight.current) return;
    if (!form.currentPassword || !form.newPassword || !form.confirmPassword) {
      setProblem('Please fill in all fields');
      return;
    }
    if (form.newPassword !== form.confirmPassword) {
      setProblem('New passwords do not match');
      return;
    }
    // The second click of a double click lands before isPending re-renders the button.
    inFlight.current = true;
    changePassword.mutate(
      { username: email ?? '', currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: (reply) => {
          notifySuccess(reply.message);
          setForm(emptyForm);
        },
        onError: (error) => {
          setProblem(
            error instanceof ApiError ? (error.errorBody?.message ?? error.message) : 'Something went wrong.',
          );
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap={4} mb="lg">
        <Title order={2} fz={20}>
          Change password
        </Title>
        <Text c="dimmed" fz="sm">
          Signed in as {email}. Changing your password signs out your other devices.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          <PasswordInput
            label="Current password"
            name="current_password"
            autoComplete="current-password"
            withAsterisk
            value={form.currentPassword}
            onChange={(event) => update('currentPassword', event.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            name="new_password"
            autoComplete="new-password"
            description="At least 8 characters."
            withAsterisk
            value={form.newPassword}
            onChange={(event) => update('newPassword', event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm new password"
            name="confirm_password"
            autoComplete="new-password"
            withAsterisk
            value={form.confirmPassword}
            onChange={(event) => update('confirmPassword', event.currentTarget.value)}
          />
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={changePassword.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
