import { Anchor, Button, Checkbox, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { saveSignIn } from '../../api/session';
import { signOut } from '../../api/sign-out';
import { trackAccountCreated } from '../../lib/analytics';
import { notifyError, notifySuccess } from '../../ui/notify';
import { AuthCard } from './AuthCard';
import { registerErrorMessage, SignInAfterRegisterError, useRegister } from './register.api';

/** Mirrors PASSWORD_MIN of @podflow/contract/auth (the server checks it and explains). */
const passwordMin = 8;

interface RegisterForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmation: string;
  marketingOptIn: boolean;
}

const emptyForm: RegisterForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmation: '',
  marketingOptIn: false,
};

type FieldErrors = Partial<Record<keyof RegisterForm, string>>;

/** Request field → form field, for the server's per-field messages. */
const fieldOfRequest: Record<string, keyof RegisterForm> = {
  first_name: 'firstName',
  last_name: 'lastName',
  username: 'email',
  password: 'password',
};

/** /register (SPEC.md "Register screen"): clears local storage on arrival; signs in at once. */
export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState<RegisterForm>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  useEffect(() => {
    signOut({ everything: true });
  }, []);

  const update = <K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setFieldErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    if (form.password !== form.confirmation) {
      notifyError('Passwords do not match');
      setFieldErrors({ confirmation: 'Passwords do not match' });
      return;
    }
    setFieldErrors({});
    register.mutate(
      {
        first_name: form.firstName.trim(),
        last_name: form.lastName.trim(),
        username: form.email.trim(),
        password: form.password,
        marketing_opt_in: form.marketingOptIn,
      },
      {
        onSuccess: (reply) => {
          saveSignIn(reply);
          trackAccountCreated();
          notifySuccess('Your account has been created. Welcome to PodFlow!');
          void navigate('/welcome');
        },
        onError: (error) => {
          if (error instanceof SignInAfterRegisterError) {
            trackAccountCreated();
            notifySuccess(error.message);
            void navigate('/login');
            return;
          }
          notifyError(registerErrorMessage(error));
          if (error instanceof ApiError) {
            const next: FieldErrors = {};
            for (const [field, message] of Object.entries(error.fields)) {
              const key = fieldOfRequest[field];
              if (key) next[key] = message;
            }
            setFieldErrors(next);
          }
        },
      },
    );
  };

  return (
    <AuthCard
      title="Register a new account"
      subtitle="Start free: no card needed."
      width={520}
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fz="sm" fw={500}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="md">
            <TextInput
              label="First Name"
              name="first_name"
              autoComplete="given-name"
              required
              value={form.firstName}
              error={fieldErrors.firstName}
              onChange={(event) => update('firstName', event.currentTarget.value)}
            />
            <TextInput
              label="Last Name"
              name="last_name"
              autoComplete="family-name"
              required
              value={form.lastName}
              error={fieldErrors.lastName}
              onChange={(event) => update('lastName', event.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={form.email}
            error={fieldErrors.email}
            onChange={(event) => update('email', event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="new-password"
            description={`At least ${passwordMin} characters.`}
            required
            value={form.password}
            error={fieldErrors.password}
            onChange={(event) => update('password', event.currentTarget.value)}
          />
          <PasswordInput
            label="Password Confirmation"
            name="password_confirmation"
            autoComplete="new-password"
            required
            value={form.confirmation}
            error={fieldErrors.confirmation}
            onChange={(event) => update('confirmation', event.currentTarget.value)}
          />
          <Checkbox
            label="I want to receive emails about events, product updates and company announcements"
            checked={form.marketingOptIn}
            onChange={(event) => update('marketingOptIn', event.currentTarget.checked)}
          />
          <Text fz="sm" c="dimmed">
            By creating an account you agree to our{' '}
            <Anchor component={Link} to="/terms-and-conditions" fz="sm" underline="always">
              Terms and Conditions
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to="/privacy-policy" fz="sm" underline="always">
              Privacy Policy
            </Anchor>
            .
          </Text>
          <Button type="submit" size="md" fullWidth loading={register.isPending}>
            Create an account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
