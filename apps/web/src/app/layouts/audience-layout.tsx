import type { ReactNode } from 'react';
import { AppShellLayout } from './app-shell-layout';

/** Layout of the audience area (`/audience/...`). */
export function AudienceLayout({ children }: { children: ReactNode }) {
  return <AppShellLayout area="audience">{children}</AppShellLayout>;
}
