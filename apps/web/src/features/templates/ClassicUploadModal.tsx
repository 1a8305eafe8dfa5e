import { ActionIcon, Box, Group, List, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { TemplateInfo, UploadTemplatesResponse } from '@podflow/contract/templates';
import { ApiError } from '../../api/client';
import { ChosenFilesBox } from '../../ui/ChosenFilesBox';
import { FileDropzone } from '../../ui/FileDropzone';
import { UploadActions } from '../../ui/UploadActions';
import { UploadModal } from '../../ui/UploadModal';
import { UploadProgress } from '../../ui/UploadProgress';
import { UploadSummary } from '../../ui/UploadSummary';
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
    <UploadModal
      opened={opened}
      onClose={close}
      title={text.classicTitle}
      intro={text.classicIntro}
      uploading={uploading}
    >
      {phase.kind === 'picking' ? (
        <FileDropzone
          onDrop={(dropped) => setFiles((current) => [...current, ...dropped])}
          multiple
          accept={templateImageTypes.split(',')}
          inputProps={{ 'aria-label': text.fileInputLabel }}
          title={text.dropTitle}
          hint={text.dropHint}
          minHeight={110}
        />
      ) : null}

      {phase.kind === 'uploading' ? (
        <UploadProgress
          label={text.uploading(files.length)}
          detail={`${formatBytes(Math.round(phase.fraction * totalBytes))} of ${formatBytes(totalBytes)}`}
          percent={phase.fraction * 100}
        />
      ) : null}

      {phase.kind === 'done' ? (
        <UploadSummary
          problem={phase.rejected > 0 || Boolean(phase.message)}
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
        </UploadSummary>
      ) : null}

      {phase.kind !== 'done' && files.length > 0 ? (
        <ChosenFilesBox
          countLabel={`${files.length} ${files.length === 1 ? 'file' : 'files'}`}
          sizeLabel={formatBytes(totalBytes)}
        >
          <Box
            component="ul"
            aria-label="Chosen files"
            m={0}
            px="sm"
            py={4}
            style={{ listStyle: 'none', maxHeight: 240, overflowY: 'auto' }}
          >
            {files.map((file, index) => (
              <Group component="li" key={`${file.name}:${file.size}:${index}`} py={4} gap="sm" wrap="nowrap">
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
        </ChosenFilesBox>
      ) : null}

      <UploadActions
        done={phase.kind === 'done'}
        uploading={uploading}
        uploadMoreLabel={text.uploadMore}
        onUploadMore={reset}
        onClose={close}
        onCancel={() => (uploading ? controller.current?.abort() : close())}
        onUpload={() => void start()}
        uploadDisabled={files.length === 0}
      />
    </UploadModal>
  );
}
