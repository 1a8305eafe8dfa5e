import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBook2, IconCircleCheck, IconClock, IconMessage2 } from '@tabler/icons-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { contactLimits, type ContactRequest } from '@podflow/contract/contact';
import { ApiError } from '../../api/client';
import { unreachableText } from '../../api/failure-text';
import { PageHeader } from '../../ui/PageHeader';
import { alertForError, contactAlerts, useSendEmail } from './send-email.api';

const emptyForm: ContactRequest = { name: '', email: '', message: '' };
type FieldErrors = Partial<Record<keyof ContactRequest, string>>;

function Point({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text fw={600}>{title}</Text>
        <Text c="dimmed" fz="sm">
          {children}
        </Text>
      </div>
    </Group>
  );
}

/** /contactus (SPEC.md "Contact"): name, e-mail and message, all required; SPEC.md's three alerts. */
export function ContactPage() {
  const sendEmail = useSendEmail();
  const [form, setForm] = useState<ContactRequest>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const inFlight = useRef(false);

  const update = (key: keyof ContactRequest, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setFieldErrors((current) => ({ ...current, [key]: undefined }));
    setProblem(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendEmail.isPending || inFlight.current) return;
    setProblem(null);
    setSentTo(null);
    const request = { name: form.name.trim(), email: form.email.trim(), message: form.message.trim() };
    // The second click of a double click lands before isPending re-renders the button.
    inFlight.current = true;
    sendEmail.mutate(request, {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: (reply) => {
        if (reply?.success === true) {
          window.alert(contactAlerts.sent);
          setForm(emptyForm);
          setSentTo(request.email);
        } else {
          window.alert(contactAlerts.notSent);
        }
      },
      onError: (error) => {
        window.alert(alertForError(error));
        if (error instanceof ApiError && error.status !== 0) {
          const fields = error.fields as FieldErrors;
          setFieldErrors({ name: fields.name, email: fields.email, message: fields.message });
          if (!fields.name && !fields.email && !fields.message) setProblem(error.message);
        } else {
          setProblem(unreachableText);
        }
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Contact Us"
        description="Questions about PodFlow, feedback on a feature, or a problem with your account? Write to us: a person reads every message."
      />
      <Grid gap={40}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xl" pt="xs">
            <Point icon={<IconClock size={22} />} title="We answer within one business day">
              Our reply goes to the e-mail address you give here.
            </Point>
            <Point icon={<IconMessage2 size={22} />} title="Tell us what you were doing">
              The workspace, the step and what you expected help us answer in one go.
            </Point>
            <Point icon={<IconBook2 size={22} />} title="Looking for a how-to?">
              The{' '}
              <Anchor component={Link} to="/resources" fz="sm" underline="always">
                tutorials
              </Anchor>{' '}
              walk through every step, from uploading designs to syncing your store.
            </Point>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} shadow="xs">
            <Title order={2} fz={20} mb="lg">
              Send us a message
            </Title>
            <form onSubmit={submit} aria-label="Contact form">
              <Stack gap="md">
                {sentTo ? (
                  <Alert
                    color="green"
                    variant="light"
                    icon={<IconCircleCheck size={18} aria-hidden />}
                    title="Message sent"
                    role="status"
                  >
                    Thank you. We will answer at {sentTo}.
                  </Alert>
                ) : null}
                {problem ? (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle size={18} aria-hidden />}
                    role="alert"
                  >
                    {problem}
                  </Alert>
                ) : null}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label="Name"
                    name="name"
                    autoComplete="name"
                    required
                    maxLength={contactLimits.name}
                    value={form.name}
                    error={fieldErrors.name}
                    onChange={(event) => update('name', event.currentTarget.value)}
                  />
                  <TextInput
                    label="Email"
                    type="email"
                    name="email"
                    autoComplete="email"
                    placeholder="you@example.com"
                    required
                    maxLength={contactLimits.email}
                    value={form.email}
                    error={fieldErrors.email}
                    onChange={(event) => update('email', event.currentTarget.value)}
                  />
                </SimpleGrid>
                <Textarea
                  label="Message"
                  name="message"
                  required
                  rows={7}
                  resize="vertical"
                  size="md"
                  maxLength={contactLimits.message}
                  description={`${form.message.length} / ${contactLimits.message} characters`}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  value={form.message}
                  error={fieldErrors.message}
                  onChange={(event) => update('message', event.currentTarget.value)}
                />
                <Group justify="flex-end">
                  <Button type="submit" size="md" loading={sendEmail.isPending}>
                    Send Email
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
