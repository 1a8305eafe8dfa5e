import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { saveSignIn } from '../../api/session';
import { notifySuccess } from '../../ui/notify';
import { AuthCard } from './AuthCard';
import { useSignIn } from './sign-in.api';

/** /login (SPEC.md "Sign-in screen"). */
export function SignInPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    signIn.mutate(
      { username: email.trim(), password },
      {
        onSuccess: (reply) => {
          saveSignIn(reply);
          notifySuccess('Login successful');
          void navigate('/account');
        },
        // SPEC.md section 8: a sign-in failure is shown in a browser alert.
        onError: (error) => window.alert(error.message),
      },
    );
  };

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Welcome back. Pick up where you left off."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/register" fz="sm" fw={500}>
            Register
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/forgot-password" fz="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
            Sign In
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
