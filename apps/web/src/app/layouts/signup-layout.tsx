import type { ReactNode } from 'react';
import { AppShellLayout } from './app-shell-layout';

/** Layout of the signup area (`/signup/...`). */
export function SignupLayout({ children }: { children: ReactNode }) {
  return <AppShellLayout area="signup">{children}</AppShellLayout>;
}
