import { Anchor, PasswordInput, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { isMaskedKey } from '@podflow/contract/listings';
import { editedKey } from './connect-fields';
import { listingsText as text } from './listings-messages';

export interface ApiKeyInputProps {
  label: string;
  /** Where the seller gets a key, in a sentence. */
  hint: string;
  /** The provider's page for it. */
  link: { href: string; label: string };
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** A provider's API key: hidden as typed, with where to get one; the saved key stays masked. */
export function ApiKeyInput({ label, hint, link, value, onChange, error }: ApiKeyInputProps) {
  return (
    <PasswordInput
      label={label}
      required
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(editedKey(value, event.currentTarget.value))}
      error={error}
      description={
        <Stack gap={2} component="span">
          <span>{isMaskedKey(value) ? `${hint} ${text.keepSavedKey}` : hint}</span>
          <Anchor href={link.href} target="_blank" rel="noreferrer" fz="xs" inline>
            {link.label} <IconExternalLink size={12} aria-hidden />
          </Anchor>
        </Stack>
      }
    />
  );
}
