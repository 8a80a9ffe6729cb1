import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import type { EmptyStateProps } from './empty-state';
import { PageTitle } from './page-title';

interface PlaceholderPageProps extends EmptyStateProps {
  title: string;
  children?: ReactNode;
}

/** A page whose feature comes later: its title and an honest empty state, no invented data. */
export function PlaceholderPage({ title, children, ...emptyState }: PlaceholderPageProps) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {children}
      <EmptyState {...emptyState} />
    </>
  );
}
