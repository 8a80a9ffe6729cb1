import type { ReactNode } from 'react';
import { AppShellLayout } from './app-shell-layout';

/** Layout of the streamer area (`/streamer/...`). */
export function StreamerLayout({ children }: { children: ReactNode }) {
  return <AppShellLayout area="streamer">{children}</AppShellLayout>;
}
