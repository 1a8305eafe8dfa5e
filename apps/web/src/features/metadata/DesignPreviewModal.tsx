import { Modal } from '@mantine/core';
import type { DesignLineItem } from '@podflow/contract/designs';
import classes from './UpdateMetadataPage.module.css';

/** A larger look at a design: the full-size PNG on the checkerboard, never enlarged past 1x. */
export function DesignPreviewModal({
  design,
  onClose,
}: {
  design: DesignLineItem | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={design !== null} onClose={onClose} size="xl" centered title={design?.image_file_name}>
      {design ? (
        <img
          className={classes.preview}
          src={design.image_path}
          alt={design.image_file_name}
          width={design.width}
          height={design.height}
          style={{ width: 'auto', height: 'auto' }}
        />
      ) : null}
    </Modal>
  );
}
