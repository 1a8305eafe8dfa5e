import { Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { metadataMessages, type ImportMetadataResponse } from '@podflow/contract/metadata';
import { failureText } from '../../api/failure-text';
import { GuardedButton } from '../../ui/GuardedButton';
import { notifySuccess } from '../../ui/notify';
import { ImportPreview } from './ImportPreview';
import { useApplyMetadataCsv, usePreviewMetadataCsv } from './import-metadata-csv.api';
import { metadataText as text } from './metadata-messages';
import { FailureAlert, WarningNotice } from './ModalAlerts';

/** The server's bound on a CSV file (the contract's csvTooLarge), checked before sending it. */
const csvMaxBytes = 5 * 1024 * 1024;

interface ImportCsvModalProps {
  opened: boolean;
  workspaceId: string;
  /** How many designs have unsaved edits (the import may replace them). */
  unsavedDesigns: number;
  onClose: () => void;
}

/**
 * Import CSV: pick a file, see what it would change (a preview that saves nothing), then apply
 * it. Rows are matched to designs by file name; unmatched and unreadable rows are listed.
 */
export function ImportCsvModal({ opened, workspaceId, unsavedDesigns, onClose }: ImportCsvModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportMetadataResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewMetadataCsv(workspaceId);
  const apply = useApplyMetadataCsv(workspaceId);

  const reset = () => {
    setFile(null);
    setReport(null);
    setError(null);
    preview.reset();
  };

  const close = () => {
    if (apply.isPending) return;
    reset();
    onClose();
  };

  const pick = (picked: File | null) => {
    reset();
    setFile(picked);
    if (!picked) return;
    if (picked.size > csvMaxBytes) {
      setError(metadataMessages.csvTooLarge);
      return;
    }
    // Only the latest pick's answer lands (TanStack calls back for the last mutate only).
    preview.mutate(picked, {
      onSuccess: setReport,
      onError: (failure) => setError(failureText(failure, text.importFailed)),
    });
  };

  const applyFile = () => {
    if (!file) return;
    setError(null);
    apply.mutate(file, {
      onSuccess: (reply) => {
        notifySuccess(reply.message);
        reset();
        onClose();
      },
      onError: (failure) => setError(failureText(failure, text.applyFailed)),
    });
  };

  const designs = report?.changed.length ?? 0;
  const applyReason = !report ? null : designs === 0 ? text.applyNothing : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={text.importTitle}
      centered
      size="xl"
      closeOnClickOutside={!apply.isPending}
      withCloseButton={!apply.isPending}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {text.importIntro}
        </Text>
        <FileInput
          label={text.importFileLabel}
          placeholder={text.importFilePlaceholder}
          accept=".csv,text/csv"
          value={file}
          onChange={pick}
          clearable
          disabled={apply.isPending}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          fileInputProps={{ 'aria-label': text.importFileLabel }}
        />
        {unsavedDesigns > 0 && designs > 0 ? <WarningNotice message={text.importUnsaved} /> : null}
        {preview.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" type="dots" aria-hidden />
            <Text fz="sm" c="dimmed">
              {text.importChecking}
            </Text>
          </Group>
        ) : null}
        {error ? <FailureAlert message={error} /> : null}
        {report ? <ImportPreview report={report} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={apply.isPending}>
            {text.cancel}
          </Button>
          <GuardedButton
            reason={applyReason}
            disabled={!report}
            loading={apply.isPending}
            onClick={applyFile}
          >
            {text.apply(designs)}
          </GuardedButton>
        </Group>
      </Stack>
    </Modal>
  );
}
