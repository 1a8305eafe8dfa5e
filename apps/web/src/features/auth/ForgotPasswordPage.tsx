import { Alert, Anchor, Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { answerOrUnreachable } from '../../api/failure-text';
import { AuthCard } from './AuthCard';
import { useRequestPasswordReset } from './password-reset.api';

/**
 * /forgot-password: SPEC.md's button only logged; here it e-mails a single-use reset link. The
 * answer is the same whether or not the e-mail has an account.
 */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (request.isPending) return;
    setProblem(null);
    const address = (sent?.email ?? email).trim();
    request.mutate(
      { email: address },
      {
        onSuccess: (reply) => setSent({ email: address, message: reply.message }),
        onError: (error) => setProblem(answerOrUnreachable(error)),
      },
    );
  };

  const footer = (
    <>
      Remembered it?{' '}
      <Anchor component={Link} to="/login" fz="sm" fw={500} underline="always">
        Back to sign in
      </Anchor>
    </>
  );

  if (sent) {
    return (
      <AuthCard title="Check your inbox" footer={footer}>
        <Stack gap="md">
          <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
            <IconMailForward size={26} />
          </ThemeIcon>
          <Text role="status">{sent.message}</Text>
          <Text c="dimmed" fz="sm">
            Look for it at <strong>{sent.email}</strong>. Nothing after a few minutes? Check your spam folder
            and the address, or ask again.
          </Text>
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <Button variant="default" onClick={() => submit()} loading={request.isPending}>
            Send the link again
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={footer}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {problem}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setProblem(null);
            }}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
