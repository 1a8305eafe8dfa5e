import { Textarea, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, type ChangeEvent } from 'react';
import classes from './UpdateMetadataPage.module.css';

/** A live count under a field: '42/140', over the limit in the warning colour. */
export interface FieldCounter {
  text: string;
  /** The same in words, for screen readers. */
  label: string;
  over: boolean;
}

interface MetadataFieldProps {
  /** The field's accessible name, e.g. 'Title of cat.png'. */
  label: string;
  value: string;
  placeholder: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  /** The store limits it breaks, in sentences; saving is still allowed. */
  warnings: readonly string[];
  counter?: FieldCounter;
}

/** One text area of a design's metadata, with its counter and the limits it breaks beneath. */
export function MetadataField({
  label,
  value,
  placeholder,
  onChange,
  warnings,
  counter,
}: MetadataFieldProps) {
  const metaId = useId();
  const warn = warnings.length > 0 || counter?.over;
  return (
    <div className={classes.field} data-warn={warn || undefined}>
      <Textarea
        aria-label={label}
        aria-describedby={metaId}
        value={value}
        placeholder={placeholder}
        onChange={onChange}
        rows={4}
        resize="vertical"
        size="sm"
        classNames={{ input: classes.input }}
      />
      <div className={classes.meta} id={metaId}>
        <div className={classes.warnings}>
          {warnings.map((warning) => (
            <span key={warning} className={classes.warning}>
              <IconAlertTriangle size={13} aria-hidden />
              {warning}
            </span>
          ))}
        </div>
        {counter ? (
          <span className={classes.counter} data-over={counter.over || undefined}>
            <span aria-hidden>{counter.text}</span>
            <VisuallyHidden>{counter.label}</VisuallyHidden>
          </span>
        ) : null}
      </div>
    </div>
  );
}
