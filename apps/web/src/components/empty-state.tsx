import { Button, EmptyState as MantineEmptyState } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface EmptyStateProps {
  /** One honest sentence: what will appear here. */
  description: string;
  icon?: ReactNode;
  /** The sensible next step, when there is one. */
  next?: { to: string; label: string };
}

export function EmptyState({ description, icon, next }: EmptyStateProps) {
  return (
    <MantineEmptyState
      icon={icon ?? <IconSparkles size={32} stroke={1.5} aria-hidden />}
      variant="light"
      description={description}
      py="xl"
      data-testid="empty-state"
    >
      {next && (
        <MantineEmptyState.Actions>
          <Button component={Link} to={next.to} variant="light">
            {next.label}
          </Button>
        </MantineEmptyState.Actions>
      )}
    </MantineEmptyState>
  );
}
