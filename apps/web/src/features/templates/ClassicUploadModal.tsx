import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  List,
  Modal,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertCircle, IconCircleCheck, IconCircleX, IconPhotoUp, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { TemplateInfo, UploadTemplatesResponse } from '@podflow/contract/templates';
import { ApiError } from '../../api/client';
import { templateMessages as text } from './template-messages';
import { templateImageTypes, uploadClassicTemplates } from './upload-templates.api';

type FileResult = UploadTemplatesResponse['files'][number];

interface ClassicUploadModalProps {
  opened: boolean;
  workspaceId: string;
  /** Templates were stored: the panels refetch. */
  onUploaded: () => void;
  onClose: () => void;
}

type Phase =
  | { kind: 'picking' }
  | { kind: 'uploading'; fraction: number }
  | {
      kind: 'done';
      stored: number;
      rejected: number;
      files: FileResult[];
      templates: TemplateInfo[];
      message: string | null;
    };

/**
 * What became of one file, to follow its name: where its print area was found, or why it was
 * refused (the server's reasons start with the file name, which is then not repeated).
 */
export function resultText(result: FileResult, templates: readonly TemplateInfo[]): string {
  if (result.status === 'rejected') {
    const reason = result.reason ?? text.rejected;
    return reason.startsWith(`${result.file_name} `) ? reason.slice(result.file_name.length) : ` · ${reason}`;
  }
  const stored = templates.find((template) => template.mkp_template_id === result.mkp_template_id);
  if (!stored?.placement) return ` · ${text.stored}`;
  return ` · ${stored.placement.behindPhoto ? text.storedWindow : text.storedCentred}`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** The per-file results a failed answer lists (a 400 or 403 that stored nothing), if any. */
function filesOfFailure(error: unknown): FileResult[] | null {
  if (!(error instanceof ApiError)) return null;
  const files = (error.body as { files?: unknown } | null)?.files;
  return Array.isArray(files) ? (files as FileResult[]) : null;
}

/**
 * Classic-mode upload (/selectMockupTemplates): several images in one request with its progress;
 * the server finds each print area from the image's transparency. Ends with what was stored and
 * what was refused, and why.
 */
export function ClassicUploadModal({ opened, workspaceId, onUploaded, onClose }: ClassicUploadModalProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'picking' });
  const controller = useRef<AbortController | null>(null);
  const uploading = phase.kind === 'uploading';

  const reset = () => {
    setFiles([]);
    setPhase({ kind: 'picking' });
  };

  const close = () => {
    if (uploading) return;
    reset();
    onClose();
  };

  const start = async () => {
    // SPEC.md section 5: a template upload with no file selected does nothing.
    if (files.length === 0 || uploading) return;
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'uploading', fraction: 0 });
    try {
      const reply = await uploadClassicTemplates(workspaceId, files, {
        signal: abort.signal,
        onProgress: ({ loaded, total }) =>
          setPhase({ kind: 'uploading', fraction: total > 0 ? loaded / total : 0 }),
      });
      setPhase({
        kind: 'done',
        stored: reply.stored,
        rejected: reply.rejected,
        files: reply.files,
        templates: reply.templates,
        message: null,
      });
      onUploaded();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setPhase({ kind: 'picking' });
        return;
      }
      if (error instanceof ApiError && error.status === 401) {
        setPhase({ kind: 'picking' });
        return;
      }
      const listed = filesOfFailure(error);
      const message = error instanceof ApiError && error.status > 0 ? error.message : text.uploadError;
      setPhase({
        kind: 'done',
        stored: 0,
        rejected: listed?.length ?? files.length,
        files: listed ?? [],
        templates: [],
        message,
      });
      // SPEC.md section 8: a non-201 answer and no answer at all have their own alerts.
      window.alert(error instanceof ApiError && error.status > 0 ? text.uploadFailed : text.uploadError);
    } finally {
      controller.current = null;
    }
  };

  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={text.classicTitle}
      size="lg"
      centered
      closeOnClickOutside={!uploading}
      withCloseButton={!uploading}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {text.classicIntro}
        </Text>

        {phase.kind === 'picking' ? (
          <Dropzone
            onDrop={(dropped) => setFiles((current) => [...current, ...dropped])}
            multiple
            accept={templateImageTypes.split(',')}
            inputProps={{ 'aria-label': text.fileInputLabel }}
            radius="md"
          >
            <Group justify="center" gap="lg" mih={110} wrap="nowrap" style={{ pointerEvents: 'none' }}>
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

        {phase.kind === 'uploading' ? (
          <Stack gap={6} role="status" aria-live="polite">
            <Group justify="space-between">
              <Text fz="sm" fw={500}>
                {text.uploading(files.length)}
              </Text>
              <Text fz="sm" c="dimmed">
                {formatBytes(Math.round(phase.fraction * totalBytes))} of {formatBytes(totalBytes)}
              </Text>
            </Group>
            <Progress
              value={phase.fraction * 100}
              size="lg"
              radius="xl"
              striped
              animated
              aria-label="Upload progress"
            />
          </Stack>
        ) : null}

        {phase.kind === 'done' ? (
          <Alert
            role="status"
            color={phase.rejected > 0 || phase.message ? 'orange' : 'green'}
            variant="light"
            icon={
              phase.rejected > 0 || phase.message ? (
                <IconAlertCircle size={18} aria-hidden />
              ) : (
                <IconCircleCheck size={18} aria-hidden />
              )
            }
            title={text.summary(phase.stored, phase.rejected)}
            data-testid="upload-summary"
          >
            {phase.message ? <Text fz="sm">{phase.message}</Text> : null}
            {phase.files.length > 0 ? (
              <List size="sm" spacing={4} mt={phase.message ? 6 : 0} aria-label="Uploaded files">
                {phase.files.map((result, index) => (
                  <List.Item
                    key={`${result.file_name}:${index}`}
                    icon={
                      result.status === 'stored' ? (
                        <IconCircleCheck
                          size={16}
                          color="var(--mantine-color-green-7)"
                          role="img"
                          aria-label={text.stored}
                        />
                      ) : (
                        <IconCircleX
                          size={16}
                          color="var(--mantine-color-red-7)"
                          role="img"
                          aria-label={text.rejected}
                        />
                      )
                    }
                  >
                    <Text fz="sm" span fw={500}>
                      {result.file_name}
                    </Text>
                    <Text fz="sm" span c="dimmed">
                      {resultText(result, phase.templates)}
                    </Text>
                  </List.Item>
                ))}
              </List>
            ) : null}
            {phase.rejected === 0 && !phase.message ? <Text fz="sm">{text.everyFileStored}</Text> : null}
          </Alert>
        ) : null}

        {phase.kind !== 'done' && files.length > 0 ? (
          <Stack gap={0} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Group justify="space-between" px="sm" py={8} bg="gray.0" style={{ borderRadius: '8px 8px 0 0' }}>
              <Text fz="xs" fw={600} c="gray.7" tt="uppercase">
                {files.length} {files.length === 1 ? 'file' : 'files'}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatBytes(totalBytes)}
              </Text>
            </Group>
            <Box
              component="ul"
              aria-label="Chosen files"
              m={0}
              px="sm"
              py={4}
              style={{ listStyle: 'none', maxHeight: 240, overflowY: 'auto' }}
            >
              {files.map((file, index) => (
                <Group
                  component="li"
                  key={`${file.name}:${file.size}:${index}`}
                  py={4}
                  gap="sm"
                  wrap="nowrap"
                >
                  <Text fz="sm" truncate="end" title={file.name} style={{ flex: 1, minWidth: 0 }}>
                    {file.name}
                  </Text>
                  <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {formatBytes(file.size)}
                  </Text>
                  {phase.kind === 'picking' ? (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={text.removeFile(file.name)}
                      onClick={() => setFiles((current) => current.filter((_, at) => at !== index))}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  ) : null}
                </Group>
              ))}
            </Box>
          </Stack>
        ) : null}

        <Group justify="flex-end" gap="sm">
          {phase.kind === 'done' ? (
            <>
              <Button variant="default" onClick={reset}>
                {text.uploadMore}
              </Button>
              <Button onClick={close}>{text.close}</Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={() => (uploading ? controller.current?.abort() : close())}>
                {text.cancel}
              </Button>
              <Button onClick={() => void start()} loading={uploading} disabled={files.length === 0}>
                {text.uploadButton}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
