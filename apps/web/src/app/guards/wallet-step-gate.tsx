import type { Account } from '@hanabi/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation } from 'wouter';
import { CenteredLoader } from '../../components/centered-loader';
import { homePathFor, setAccountCache, useAccount } from '../../lib/account';
// Only the light module up front: the wallet store brings viem, which no public page needs (decision 0082).
import { continuedHere } from '../../lib/wallet/wallet-continued';
import { requiresWalletStep, walletStepNeeded } from '../route-rules';

const WalletStep = lazy(async () => ({
  default: (await import('../../features/account/wallet/wallet-step')).WalletStep,
}));
const WalletReturning = lazy(async () => ({
  default: (await import('../../features/account/wallet/wallet-returning')).WalletReturning,
}));

/** Whether this browser knows the account's wallet (stored, connected, or "continue" chosen here). */
function useKnownHere(address: string | null, asked: boolean) {
  return useQuery({
    queryKey: ['wallet-known-here', address],
    queryFn: async () =>
      address !== null &&
      (continuedHere(address) ||
        (await (await import('../../lib/wallet/wallet-kind')).walletKindOf(address)).kind !== 'unknown'),
    enabled: asked && address !== null,
    staleTime: 0,
  });
}

/**
 * The wallet step (as in the original; docs/design.md §5). On paths containing signup, finishSignUp, account or
 * operator, a signed-in account without a wallet address sees the wallet step instead of the page — create a
 * browser wallet (encrypted in IndexedDB) or connect an extension wallet — and the page once it is saved.
 * Signed-out visitors are never held. At the end of a sign-in (finishSignUp) it continues to the area home.
 * An account that has an address, on a browser that does not know its wallet, is offered continue / restore /
 * connect instead (decision 0065); "continue" is remembered for this browser.
 */
export function WalletStepGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [pathname, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { data: account } = useAccount();
  const returning = Boolean(account?.walletAddress) && requiresWalletStep(pathname);
  const known = useKnownHere(account?.walletAddress ?? null, returning);

  const onSaved = useCallback(
    (updated: Account) => {
      // Leave the landing page first, so it does not start a new sign-in when the account changes under it.
      if (pathname.includes('finishSignUp')) navigate(homePathFor(updated), { replace: true });
      setAccountCache(queryClient, updated);
      // The toast code (and Mantine's notifications) is not in the first load: fetched when there is one to show.
      void import('../../lib/toast').then(({ showSuccessToast }) => showSuccessToast(t('wallet.saved')));
    },
    [navigate, pathname, queryClient, t],
  );

  if (account && returning) {
    if (known.isPending) return <CenteredLoader />;
    if (known.data === false) {
      return (
        <Suspense fallback={<CenteredLoader />}>
          <WalletReturning
            account={{ ...account, walletAddress: account.walletAddress! }}
            onDone={() => void queryClient.invalidateQueries({ queryKey: ['wallet-known-here'] })}
            onSaved={onSaved}
          />
        </Suspense>
      );
    }
  }
  if (!account || !walletStepNeeded(pathname, account)) return children;
  return (
    <Suspense fallback={<CenteredLoader />}>
      <WalletStep account={account} onSaved={onSaved} />
    </Suspense>
  );
}
