import { TextInput, type TextInputProps } from '@mantine/core';

/** A text input for an 0x address: monospace, no autocomplete or spell check. */
export function AddressInput(props: TextInputProps & { 'data-testid'?: string }) {
  return <TextInput placeholder="0x…" autoComplete="off" spellCheck={false} ff="monospace" {...props} />;
}
