import { Button, Group } from '@mantine/core';

/** The labels every upload modal shares. */
const labels = { cancel: 'Cancel', close: 'Close', upload: 'Upload' } as const;

interface UploadActionsProps {
  /** The upload finished: offer another round or closing instead of Cancel and Upload. */
  done: boolean;
  uploading: boolean;
  uploadMoreLabel: string;
  onUploadMore: () => void;
  onClose: () => void;
  onCancel: () => void;
  onUpload: () => void;
  cancelDisabled?: boolean;
  uploadDisabled?: boolean;
}

/** The buttons at the foot of an upload modal. */
export function UploadActions({
  done,
  uploading,
  uploadMoreLabel,
  onUploadMore,
  onClose,
  onCancel,
  onUpload,
  cancelDisabled,
  uploadDisabled,
}: UploadActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {done ? (
        <>
          <Button variant="default" onClick={onUploadMore}>
            {uploadMoreLabel}
          </Button>
          <Button onClick={onClose}>{labels.close}</Button>
        </>
      ) : (
        <>
          <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
            {labels.cancel}
          </Button>
          <Button onClick={onUpload} loading={uploading} disabled={uploadDisabled}>
            {labels.upload}
          </Button>
        </>
      )}
    </Group>
  );
}
