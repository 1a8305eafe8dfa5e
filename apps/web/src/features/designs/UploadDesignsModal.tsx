import { Alert, Box, Button, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleX } from '@tabler/icons-react';
import { useState } from 'react';
import { ChosenFilesBox } from '../../ui/ChosenFilesBox';
import { FileDropzone } from '../../ui/FileDropzone';
import { UploadActions } from '../../ui/UploadActions';
import { UploadModal } from '../../ui/UploadModal';
import { UploadProgress } from '../../ui/UploadProgress';
import { UploadSummary } from '../../ui/UploadSummary';
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
    <UploadModal
      opened={opened}
      onClose={close}
      title={text.uploadTitle}
      intro={text.uploadIntro}
      uploading={uploading}
    >
      {run.phase === 'picking' ? (
        <FileDropzone
          onDrop={addFiles}
          multiple
          // The accept list only steers the file picker: the server judges each file's content.
          inputProps={{ accept: 'image/png,.png', 'aria-label': text.dropInputLabel }}
          title={text.dropTitle}
          hint={text.dropHint}
          minHeight={120}
        />
      ) : null}

      {run.phase === 'uploading' ? (
        <UploadProgress
          label={`Uploading… ${finished} of ${plural(run.items.length, 'file', 'files')} done`}
          detail={`${formatBytes(run.sentBytes)} of ${formatBytes(run.totalBytes)}`}
          percent={percent}
        />
      ) : null}

      {run.phase === 'done' ? (
        <UploadSummary problem={anyProblem} title={summarize(run)}>
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
        </UploadSummary>
      ) : null}

      {run.items.length > 0 ? (
        <ChosenFilesBox
          countLabel={plural(run.items.length, 'file', 'files')}
          sizeLabel={formatBytes(run.totalBytes || run.items.reduce((sum, item) => sum + item.file.size, 0))}
        >
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
        </ChosenFilesBox>
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

      <UploadActions
        done={run.phase === 'done'}
        uploading={uploading}
        uploadMoreLabel={text.uploadMore}
        onUploadMore={startAgain}
        onClose={close}
        onCancel={close}
        cancelDisabled={confirmingStop}
        onUpload={() => void start()}
      />
    </UploadModal>
  );
}
