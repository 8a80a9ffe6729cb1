import { TextInput, type TextInputProps } from '@mantine/core';

/** A text input for an 0x address: monospace, no autocomplete or spell check. */
export function AddressInput(props: TextInputProps & { 'data-testid'?: string }) {
  return <TextInput placeholder="0x…" autoComplete="off" spellCheck={false} ff="monospace" {...props} />;
}

/** A text input for a whole number (token ids and amounts travel as digit strings up to 2^256 − 1). */
export function DigitsInput(props: TextInputProps & { 'data-testid'?: string }) {
  return <TextInput inputMode="numeric" autoComplete="off" {...props} />;
}
