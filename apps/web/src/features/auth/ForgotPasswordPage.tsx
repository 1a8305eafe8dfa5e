import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard } from './AuthCard';

/** /forgot-password: SPEC.md says the button only logs; the note says what to do meanwhile. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    console.log('Password reset requested for', email);
    setSubmitted(true);
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/login" fz="sm" fw={500}>
            Back to sign in
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
          <Button type="submit" size="md" fullWidth>
            Reset Password
          </Button>
          <Alert
            variant="light"
            color={submitted ? 'violet' : 'gray'}
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={submitted ? 'Password reset by e-mail is coming soon' : undefined}
            role={submitted ? 'status' : undefined}
          >
            We cannot send reset links by e-mail yet. If you cannot sign in,{' '}
            <Anchor component={Link} to="/contactus" fz="sm">
              contact us
            </Anchor>{' '}
            and we will help you get back into your account.
          </Alert>
        </Stack>
      </form>
    </AuthCard>
  );
}
