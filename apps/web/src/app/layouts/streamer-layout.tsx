import { AppShellLayout } from './app-shell-layout';

/** Layout of the streamer area (`/streamer/...`). */
export function StreamerLayout() {
  return <AppShellLayout area="streamer" />;
}
