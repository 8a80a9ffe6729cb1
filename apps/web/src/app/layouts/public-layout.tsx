import { AppShellLayout } from './app-shell-layout';

/** Layout of the pages outside the four areas: root, /campaign/:id, /collection/:id, /terms, /draw/:id, … */
export function PublicLayout() {
  return <AppShellLayout area={null} />;
}
