import { TextInput, type TextInputProps } from '@mantine/core';

interface IdInputProps extends Omit<TextInputProps, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A required field for an id copied from a provider: monospace, no autocomplete or spell check. */
export function IdInput({ onChange, ...props }: IdInputProps) {
  return (
    <TextInput
      required
      autoComplete="off"
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}
