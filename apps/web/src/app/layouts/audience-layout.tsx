import { AppShellLayout } from './app-shell-layout';

/** Layout of the audience area (`/audience/...`). */
export function AudienceLayout() {
  return <AppShellLayout area="audience" />;
}
