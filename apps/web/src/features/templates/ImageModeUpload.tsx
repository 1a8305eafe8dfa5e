import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense, useState, type ChangeEvent, type RefObject } from 'react';
import { notifyInfo, notifySuccess } from '../../ui/notify';
import { templateMessages as text } from './template-messages';
import { templateImageTypes } from './upload-templates.api';

// Konva is only needed once a file is chosen: it loads with the editor, not with the screen.
const PlaceholderEditorModal = lazy(() =>
  import('./PlaceholderEditorModal').then((module) => ({ default: module.PlaceholderEditorModal })),
);

/** The files an image-mode upload steps through. */
interface UploadQueue {
  files: File[];
  /** The file in the editor (0-based). */
  index: number;
  uploaded: number;
}

interface ImageModeUploadProps {
  workspaceId: string;
  /** The hidden file input; the screen's Upload buttons click it. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** A template was stored: the panels refetch. */
  onUploaded: () => void;
}

/**
 * SPEC.md sections 2 and 4, image mode: a file picker (several images), then the placeholder
 * editor for one chosen file at a time. Skip or a stored upload moves on; after the last file the
 * alert 'All templates uploaded.' shows and the editor closes.
 */
export function ImageModeUpload({ workspaceId, inputRef, onUploaded }: ImageModeUploadProps) {
  const [queue, setQueue] = useState<UploadQueue | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Cleared so choosing the same files again starts again.
    event.currentTarget.value = '';
    // SPEC.md section 5: with no file selected nothing happens.
    if (files.length === 0) return;
    setQueue({ files, index: 0, uploaded: 0 });
  };

  const advance = (stored: boolean) => {
    if (!queue) return;
    if (stored) onUploaded();
    const next = queue.index + 1;
    if (next >= queue.files.length) {
      // The spec's alert when something was uploaded; every file skipped is said as it is.
      if (queue.uploaded + (stored ? 1 : 0) > 0) window.alert(text.allUploaded);
      else notifyInfo(text.noneUploaded(queue.files.length));
      setQueue(null);
      return;
    }
    setQueue({ ...queue, index: next, uploaded: queue.uploaded + (stored ? 1 : 0) });
  };

  const stop = () => {
    if (queue && queue.uploaded > 0) notifySuccess(text.uploadStopped(queue.uploaded));
    setQueue(null);
  };

  const file = queue?.files[queue.index];

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={templateImageTypes}
        onChange={choose}
        hidden
        aria-label={text.fileInputLabel}
        data-testid="template-file-input"
      />
      {queue && file ? (
        <Suspense
          fallback={
            <Modal
              opened
              onClose={stop}
              title={text.editorTitle(queue.index + 1, queue.files.length)}
              centered
            >
              <Center h={200} role="status" aria-label="Loading the editor">
                <Loader type="dots" />
              </Center>
            </Modal>
          }
        >
          <PlaceholderEditorModal
            file={file}
            index={queue.index + 1}
            total={queue.files.length}
            workspaceId={workspaceId}
            onSkip={() => advance(false)}
            onUploaded={() => advance(true)}
            onClose={stop}
          />
        </Suspense>
      ) : null}
    </>
  );
}
