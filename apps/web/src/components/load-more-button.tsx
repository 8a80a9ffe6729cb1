import { Button, Group, type ButtonProps } from '@mantine/core';

/** The part of an infinite query (TanStack Query) that paging needs. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * "More" under a cursor-paged list: shown while the server says there is a next page, busy while it loads.
 * `centered` puts it in the middle of the list's width (grids and tables); otherwise it sits at the start.
 */
export function LoadMoreButton({
  query,
  label,
  centered = false,
  variant = 'subtle',
  size,
  testId,
}: {
  query: PagedQuery;
  label: string;
  centered?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  testId?: string;
}) {
  if (!query.hasNextPage) return null;
  const button = (
    <Button
      variant={variant}
      size={size}
      onClick={() => void query.fetchNextPage()}
      loading={query.isFetchingNextPage}
      style={centered ? undefined : { alignSelf: 'flex-start' }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  return centered ? <Group justify="center">{button}</Group> : button;
}
