import { AppShellLayout } from './app-shell-layout';

/** Layout of the signup area (`/signup/...`). */
export function SignupLayout() {
  return <AppShellLayout area="signup" />;
}
