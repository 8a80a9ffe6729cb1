import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A labelled spinner for whole-page loading (session check, lazy page chunks). */
export function CenteredLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={t('session.loading')} />
    </Center>
  );
}
