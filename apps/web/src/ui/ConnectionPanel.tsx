import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useId, useState, type ComponentType, type ReactNode } from 'react';
import type { ConnectStepProps, SaveConnection } from './ConnectForm';
import { UploadModal } from './UploadModal';
import classes from './ConnectionPanel.module.css';

/** One line of what a connection holds: a label and its value. */
export interface ConnectionDetail {
  label: string;
  value: string;
  /** Shown in the monospace font (ids, keys, tokens). */
  code?: boolean;
}

/** Step 1: a button that opens a modal of the service's connect form. */
interface ConnectStep<C, V> {
  /** The button's label ('1. Connect Printify store'). */
  label: string;
  /** The modal's title and the sentence under it. */
  title: string;
  intro: string;
  /** The form; unmounted on close, so each opening starts from the saved connection. */
  form: ComponentType<ConnectStepProps<C, V>>;
  /** Saving the connection; the modal stays open while it is under way. */
  save: SaveConnection<V>;
}

interface ConnectionPanelProps<C, V> {
  /** The service's name, the panel's title: 'Printify', 'Shopify'. */
  name: string;
  /** What it does for the seller, under the title. */
  about: string;
  workspaceId: string;
  /** The workspace's connection to the service (null when it has none). */
  connection: UseQueryResult<C | null>;
  details: (info: C) => ConnectionDetail[];
  /** Whether the connection has all step 2 needs: step 1 then shows as done. */
  complete: boolean;
  connect: ConnectStep<C, V>;
  /** Whether the details offer Edit connection (it opens step 1's modal too). */
  editable?: boolean;
  /** Step 2, beside step 1. */
  action: ReactNode;
  /** What comes under the steps: an option of step 2, the latest run. */
  children: ReactNode;
}

/**
 * An outside service a step works with: whether and to what the workspace is connected, its two
 * numbered steps (connect it, then the step's action) and what follows them.
 */
export function ConnectionPanel<C, V>(props: ConnectionPanelProps<C, V>) {
  const { name, about, workspaceId, connection, details, complete, connect, editable, action, children } =
    props;
  const Form = connect.form;
  const titleId = useId();
  const [connectOpen, setConnectOpen] = useState(false);
  const info = connection.data;
  const loadFailed = connection.isError && info === undefined;
  const open = () => setConnectOpen(true);
  const close = () => setConnectOpen(false);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="lg" fw={650} id={titleId}>
              {name}
            </Title>
            {info === undefined ? null : (
              <Badge color={info ? 'green' : 'gray'} variant="light" radius="sm">
                {info ? 'Connected' : 'Not connected'}
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed" mt={4}>
            {about}
          </Text>
        </div>
        {loadFailed ? (
          <Group gap="sm" role="alert">
            <Text fz="sm" c="red.8" fw={500}>
              {`The ${name} connection could not be loaded.`}
            </Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void connection.refetch()}>
              Try again
            </Button>
          </Group>
        ) : info === undefined ? (
          <Skeleton h={64} radius="sm" />
        ) : info ? (
          <ConnectionDetails
            label={`${name} connection`}
            details={details(info)}
            onEdit={editable ? open : undefined}
          />
        ) : null}
        <Group gap="sm">
          <Button
            variant={complete ? 'default' : 'filled'}
            leftSection={
              complete ? (
                <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
              ) : (
                <IconPlugConnected size={18} aria-hidden />
              )
            }
            onClick={open}
            disabled={info === undefined && !loadFailed}
          >
            {connect.label}
          </Button>
          {action}
        </Group>
        {children}
      </Stack>
      <UploadModal
        opened={connectOpen}
        onClose={close}
        title={connect.title}
        intro={connect.intro}
        uploading={connect.save.isPending}
      >
        <Form workspaceId={workspaceId} connection={info ?? null} save={connect.save} onClose={close} />
      </UploadModal>
    </Paper>
  );
}

interface ConnectionDetailsProps {
  label: string;
  details: ConnectionDetail[];
  /** Offers Edit connection when given. */
  onEdit?: () => void;
}

/** What a connection holds, a label and its value on each row, and maybe a way to change it. */
function ConnectionDetails({ label, details, onEdit }: ConnectionDetailsProps) {
  return (
    <div className={classes.connection}>
      <dl className={classes.details} aria-label={label}>
        {details.map((detail) => (
          <Fragment key={detail.label}>
            <Text component="dt" fz="sm" c="dimmed">
              {detail.label}
            </Text>
            <Text
              component="dd"
              fz="sm"
              fw={500}
              truncate="end"
              title={detail.value}
              ff={detail.code ? 'monospace' : undefined}
            >
              {detail.value}
            </Text>
          </Fragment>
        ))}
      </dl>
      {onEdit ? (
        <Anchor component="button" type="button" fz="sm" onClick={onEdit} className={classes.edit}>
          Edit connection
        </Anchor>
      ) : null}
    </div>
  );
}
