import { Anchor, PasswordInput, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isMaskedKey } from '@podflow/contract/listings';
import { editedSecret } from './masked-secret';

export interface SecretInputProps {
  label: string;
  /** Where the seller gets it, in a sentence or two. */
  hint: ReactNode;
  /** Said after the hint while the field holds the saved secret's masked form. */
  savedHint: string;
  /** A page of the provider's about it. */
  link?: { href: string; label: string };
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Not required: left empty, nothing is saved (and a saved one is removed). */
  optional?: boolean;
}

/**
 * A key, token or secret of an outside service: hidden as typed, with where to get one. The
 * saved one shows masked and is sent back as it is to keep it.
 */
export function SecretInput({
  label,
  hint,
  savedHint,
  link,
  value,
  onChange,
  error,
  optional = false,
}: SecretInputProps) {
  return (
    <PasswordInput
      label={label}
      required={!optional}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(editedSecret(value, event.currentTarget.value))}
      error={error}
      description={
        <Stack gap={2} component="span">
          <span>
            {hint}
            {isMaskedKey(value) ? ` ${savedHint}` : null}
          </span>
          {link ? (
            <Anchor href={link.href} target="_blank" rel="noreferrer" fz="xs" inline>
              {link.label} <IconExternalLink size={12} aria-hidden />
            </Anchor>
          ) : null}
        </Stack>
      }
    />
  );
}
