import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/**
 * A labelled spinner for loading (session check, lazy page chunks, page sections). The label is text inside
 * the status region: a bare `<span>` may not carry `aria-label`.
 */
export function CenteredLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-hidden />
      <VisuallyHidden>{t('session.loading')}</VisuallyHidden>
    </Center>
  );
}
