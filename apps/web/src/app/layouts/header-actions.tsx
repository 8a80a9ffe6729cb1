import type { Account } from '@hanabi/api';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { AccountMenu } from './account-menu';
import { LanguageMenu } from './language-menu';

/**
 * The right side of the top bar (notification bell, language and account menus). Its own chunk: the menus
 * bring Mantine's Menu, Popover and floating-ui, which no page needs before it first shows (decision 0082).
 */
export function HeaderActions({
  account,
  showSignIn,
}: {
  account: Account | null | undefined;
  showSignIn: boolean;
}) {
  return (
    <>
      {account && showSignIn && <NotificationBell userId={account.id} />}
      <LanguageMenu />
      <AccountMenu showSignIn={showSignIn} />
    </>
  );
}
