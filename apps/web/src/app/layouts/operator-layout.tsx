import { AppShellLayout } from './app-shell-layout';

/** Layout of the operator area (`/operator/...`). */
export function OperatorLayout() {
  return <AppShellLayout area="operator" />;
}
