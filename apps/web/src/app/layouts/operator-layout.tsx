import type { ReactNode } from 'react';
import { AppShellLayout } from './app-shell-layout';

/** Layout of the operator area (`/operator/...`). */
export function OperatorLayout({ children }: { children: ReactNode }) {
  return <AppShellLayout area="operator">{children}</AppShellLayout>;
}
