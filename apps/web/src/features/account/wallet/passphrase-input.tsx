import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from '../../../lib/i18n';

/**
 * A passphrase field whose show/hide toggle is named in the page's language: Mantine names it in English
 * ("Toggle password visibility"), which a Japanese screen reader user hears as is (issue 35).
 */
export function PassphraseInput(props: ComponentProps<typeof PasswordInput>) {
  const { t } = useTranslation();
  return (
    <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('wallet.passphrase.show') }} />
  );
}
