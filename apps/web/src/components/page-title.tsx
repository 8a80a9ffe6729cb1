import { Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

interface PageTitleProps {
  children: string;
}

/** The page's one `<h1>`; also sets the document title ("… | Hanabi") through React 19's `<title>` hoisting. */
export function PageTitle({ children }: PageTitleProps) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${children} | ${t('app.name')}`}</title>
      <Title order={1} size="h2" mb="lg">
        {children}
      </Title>
    </>
  );
}
