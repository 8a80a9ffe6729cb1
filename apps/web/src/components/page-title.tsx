import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../lib/i18n';

interface PageTitleProps {
  children: string;
}

/**
 * The page's one `<h1>`; also sets the document title ("… | Hanabi"). Set on index.html's own `<title>`, not by
 * rendering one: React 19 would hoist a second `<title>` beside it, and a document has exactly one (decision 0218).
 */
export function PageTitle({ children }: PageTitleProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${children} | ${t('app.name')}`);
  return (
    <Title order={1} size="h2" mb="lg">
      {children}
    </Title>
  );
}
