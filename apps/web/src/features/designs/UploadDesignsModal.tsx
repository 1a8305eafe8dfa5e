import '@mantine/dropzone/styles.css';
import { Alert, Box, Button, Group, Modal, Progress, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconPhotoUp,
} from '@tabler/icons-react';
import { useState } from 'react';
import { designMessages as text } from './design-messages';
import { UploadFileRow } from './UploadFileRow';
import { formatBytes } from './upload-plan';
import { useUploadRun, type UploadItem, type UploadRun } from './use-upload-run';

interface UploadDesignsModalProps {
  opened: boolean;
  workspaceId: string;
  /** Called after every batch and on close, so the design list refreshes. */
  onUploaded: () => void;
  onClose: () => void;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "12 stored, 2 rejected" plus warnings and files never sent. */
export function summarize(run: UploadRun): string {
  const stored = run.items.filter((item) => item.status === 'stored');
  const warned = stored.filter((item) => item.warning).length;
  const rejected = run.items.filter((item) => item.status === 'rejected').length;
  const notSent = run.items.filter((item) => item.status === 'not-sent').length;
  const parts = [`${stored.length} stored`];
  if (warned > 0) parts[0] += ` (${plural(warned, 'with a warning', 'with warnings')})`;
  parts.push(`${rejected} rejected`);
  if (notSent > 0) parts.push(`${notSent} not sent`);
  return parts.join(', ');
}

const maxListedProblems = 6;

/** A rejection, warning or unsent file in a sentence that names the file. */
function problemText(item: UploadItem): string {
  const what = item.status === 'stored' ? item.warning : item.reason;
  const prefix = item.status === 'not-sent' ? 'Not sent: ' : '';
  if (what && what.includes(item.file.name)) return `${prefix}${what}`;
  return `${item.file.name}: ${prefix}${what ?? ''}`;
}

/** A warning triangle for a stored file, a cross for a refused or unsent one. */
function problemIcon(item: UploadItem) {
  return item.status === 'stored' ? (
    <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" role="img" aria-label="Warning" />
  ) : (
    <IconCircleX size={16} color="var(--mantine-color-red-7)" role="img" aria-label="Rejected" />
  );
}

/** The upload modal: a dropzone, the chosen files with their progress, then the result summary. */
export function UploadDesignsModal({ opened, workspaceId, onUploaded, onClose }: UploadDesignsModalProps) {
  const { run, addFiles, removeFile, start, stop, reset } = useUploadRun({
    workspaceId,
    onBatchDone: onUploaded,
  });
  const [confirmingStop, setConfirmingStop] = useState(false);
  const uploading = run.phase === 'uploading';

  // SPEC.md section 4: closing clears the chosen files and lets the list refresh.
  const close = () => {
    if (uploading) {
      setConfirmingStop(true);
      return;
    }
    const uploaded = run.phase === 'done';
    reset();
    setConfirmingStop(false);
    if (uploaded) onUploaded();
    onClose();
  };

  const stopUpload = () => {
    setConfirmingStop(false);
    stop();
  };

  const startAgain = () => {
    reset();
    setConfirmingStop(false);
  };

  const percent = run.totalBytes > 0 ? (run.sentBytes / run.totalBytes) * 100 : 0;
  const finished = run.items.filter((item) =>
    ['stored', 'rejected', 'not-sent'].includes(item.status),
  ).length;
  const problems = run.items.filter((item) => item.status !== 'stored' || item.warning);
  const anyProblem = run.notice !== null || problems.length > 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={text.uploadTitle}
      size="lg"
      centered
      closeOnClickOutside={!uploading}
      withCloseButton={!uploading}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {text.uploadIntro}
        </Text>

        {run.phase === 'picking' ? (
          <Dropzone
            onDrop={addFiles}
            multiple
            // The accept list only steers the file picker: the server judges each file's content.
            inputProps={{ accept: 'image/png,.png', 'aria-label': text.dropInputLabel }}
            role="button"
            aria-label={`${text.dropInputLabel}: ${text.dropTitle}`}
            radius="md"
          >
            <Group justify="center" gap="lg" mih={120} wrap="nowrap" style={{ pointerEvents: 'none' }}>
              <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
                <IconPhotoUp size={28} />
              </ThemeIcon>
              <Stack gap={4}>
                <Text fw={600}>{text.dropTitle}</Text>
                <Text fz="sm" c="dimmed">
                  {text.dropHint}
                </Text>
              </Stack>
            </Group>
          </Dropzone>
        ) : null}

        {run.phase === 'uploading' ? (
          <Stack gap={6} role="status" aria-live="polite">
            <Group justify="space-between">
              <Text fz="sm" fw={500}>
                Uploading… {finished} of {plural(run.items.length, 'file', 'files')} done
              </Text>
              <Text fz="sm" c="dimmed">
                {formatBytes(run.sentBytes)} of {formatBytes(run.totalBytes)}
              </Text>
            </Group>
            <Progress value={percent} size="lg" radius="xl" striped animated aria-label="Upload progress" />
          </Stack>
        ) : null}

        {run.phase === 'done' ? (
          <Alert
            role="status"
            color={anyProblem ? 'orange' : 'green'}
            variant="light"
            icon={
              anyProblem ? (
                <IconAlertCircle size={18} aria-hidden />
              ) : (
                <IconCircleCheck size={18} aria-hidden />
              )
            }
            title={summarize(run)}
          >
            {run.notice ? <Text fz="sm">{run.notice}</Text> : null}
            {problems.length > 0 ? (
              <List size="sm" spacing={2} mt={run.notice ? 6 : 0} aria-label="Rejections and warnings">
                {problems.slice(0, maxListedProblems).map((item) => (
                  <List.Item key={item.key} icon={problemIcon(item)}>
                    {problemText(item)}
                  </List.Item>
                ))}
                {problems.length > maxListedProblems ? (
                  <List.Item>and {problems.length - maxListedProblems} more: see the list below</List.Item>
                ) : null}
              </List>
            ) : null}
            {!anyProblem ? <Text fz="sm">Every file is in the workspace.</Text> : null}
          </Alert>
        ) : null}

        {run.items.length > 0 ? (
          <Box style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Group justify="space-between" px="sm" py={8} bg="gray.0" style={{ borderRadius: '8px 8px 0 0' }}>
              <Text fz="xs" fw={600} c="gray.7" tt="uppercase">
                {plural(run.items.length, 'file', 'files')}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatBytes(run.totalBytes || run.items.reduce((sum, item) => sum + item.file.size, 0))}
              </Text>
            </Group>
            <Box
              tabIndex={0}
              role="region"
              aria-label="Chosen files and their status"
              style={{ maxHeight: 300, overflowY: 'auto' }}
            >
              <Box component="ul" aria-label="Chosen files" m={0} p={0} style={{ listStyle: 'none' }}>
                {run.items.map((item) => (
                  <UploadFileRow
                    key={item.key}
                    item={item}
                    onRemove={run.phase === 'picking' ? removeFile : undefined}
                  />
                ))}
              </Box>
            </Box>
          </Box>
        ) : null}

        {confirmingStop && uploading ? (
          <Alert color="orange" variant="light" role="alertdialog" aria-label={text.stopQuestion}>
            <Group justify="space-between" wrap="nowrap" gap="md">
              <Text fz="sm">{text.stopQuestion}</Text>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setConfirmingStop(false)} data-autofocus>
                  {text.keepUploading}
                </Button>
                <Button size="xs" color="red" onClick={stopUpload}>
                  {text.stopUpload}
                </Button>
              </Group>
            </Group>
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          {run.phase === 'done' ? (
            <>
              <Button variant="default" onClick={startAgain}>
                {text.uploadMore}
              </Button>
              <Button onClick={close}>{text.close}</Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={confirmingStop}>
                {text.cancel}
              </Button>
              <Button onClick={() => void start()} loading={uploading}>
                {text.uploadButton}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
