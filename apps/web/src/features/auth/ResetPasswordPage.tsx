import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { answerOrUnreachable } from '../../api/failure-text';
import { clearSession } from '../../api/session';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { notifyError } from '../../ui/notify';
import { AuthCard } from './AuthCard';
import { useConfirmPasswordReset, usePasswordResetLink } from './password-reset.api';

/** Mirrors PASSWORD_MIN of @podflow/contract/auth (the server checks it and explains). */
const passwordMin = 8;

/** The server's codes for a link that cannot be used. */
const deadLinkCodes = new Set(['reset_link_unknown', 'reset_link_expired', 'reset_link_used']);

function isDeadLink(error: unknown): error is ApiError {
  return error instanceof ApiError && deadLinkCodes.has(error.errorBody?.code ?? '');
}

/** A link that cannot be used: says why, with the way to ask for a new one. */
function DeadLink({ message }: { message: string }) {
  return (
    <AuthCard title="This link cannot be used">
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {message}
        </Alert>
        <Button component={Link} to="/forgot-password" size="md" fullWidth>
          Ask for a new link
        </Button>
        <Text fz="sm" c="dimmed" ta="center">
          Remembered your password?{' '}
          <Anchor component={Link} to="/login" fz="sm" underline="always">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}

/** /reset-password/:token: the new password, twice; then every session is signed out. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const link = usePasswordResetLink(token);
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    setProblem(null);
    if (password !== confirmation) {
      notifyError('Passwords do not match');
      setErrors({ confirmation: 'Passwords do not match' });
      return;
    }
    setErrors({});
    confirm.mutate(
      { token, password },
      {
        onSuccess: (reply) => {
          // The reset signed out every session of the account, this browser's too.
          clearSession();
          setDone(reply.message);
        },
        onError: (error) => {
          if (isDeadLink(error)) return;
          if (error instanceof ApiError && error.fields.password) {
            setErrors({ password: error.fields.password });
          } else {
            setProblem(answerOrUnreachable(error));
          }
        },
      },
    );
  };

  if (done) {
    return (
      <AuthCard title="Password reset">
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
            {done}
          </Alert>
          <Button component={Link} to="/login" size="md" fullWidth>
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (link.isPending) return <CenteredLoader label="Checking your link" />;
  if (isDeadLink(link.error)) return <DeadLink message={link.error.message} />;
  if (isDeadLink(confirm.error)) return <DeadLink message={confirm.error.message} />;
  if (link.isError) {
    return (
      <AuthCard title="Choose a new password">
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {answerOrUnreachable(link.error)}
          </Alert>
          <Button variant="default" onClick={() => void link.refetch()}>
            Try again
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="After the change, every device signed in to your account is signed out."
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <PasswordInput
            label="New password"
            name="password"
            autoComplete="new-password"
            description={`At least ${passwordMin} characters.`}
            required
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
          />
          <PasswordInput
            label="Confirm new password"
            name="password_confirmation"
            autoComplete="new-password"
            required
            value={confirmation}
            error={errors.confirmation}
            onChange={(event) => {
              setConfirmation(event.currentTarget.value);
              setErrors((current) => ({ ...current, confirmation: undefined }));
            }}
          />
          <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
