import type { ReactNode } from 'react';
import { AppShellLayout } from './app-shell-layout';

/** Layout of the pages outside the four areas: root, /campaign/:id, /collection/:id, /terms, /draw/:id, … */
export function PublicLayout({ children }: { children: ReactNode }) {
  return <AppShellLayout area={null}>{children}</AppShellLayout>;
}
