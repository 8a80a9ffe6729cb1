import { OAUTH_CONNECT_ERRORS, type OAuthConnectError } from '@hanabi/api';
import { useEffect, useRef } from 'react';
import { useTranslation } from './i18n';
import { useSearchParams } from 'wouter';

/**
 * After a platform’s consent page the server sends the browser back (to the control room or the account page)
 * with `?connected={platform}` or `?connectError={code}`: say how it went once, then drop the query so a
 * reload does not say it again.
 */
export function useConnectResult(onConnected?: () => void) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const connected = searchParams.get('connected');
  const connectError = searchParams.get('connectError');
  // StrictMode runs effects twice on mount: say it once per answer.
  const handled = useRef('');

  useEffect(() => {
    if (!connected && !connectError) return;
    const key = `${connected}|${connectError}`;
    if (handled.current === key) return;
    handled.current = key;
    if (connected) {
      const platform = connected === 'twitcasting' ? 'twitcasting' : 'youtube';
      const message = t('liveConnect.connected', { platform: t(`liveConnect.platform.${platform}`) });
      // The toast code (and Mantine's notifications) is not in the first load: fetched when there is one to show.
      void import('./toast').then(({ showSuccessToast }) => showSuccessToast(message));
      onConnected?.();
    } else if (connectError) {
      const code: OAuthConnectError = (OAUTH_CONNECT_ERRORS as readonly string[]).includes(connectError)
        ? (connectError as OAuthConnectError)
        : 'platform';
      const message = t(`liveConnect.errors.${code}`);
      void import('./toast').then(({ showErrorToast }) => showErrorToast(message));
    }
    const next = new URLSearchParams(searchParams);
    next.delete('connected');
    next.delete('connectError');
    setSearchParams(next, { replace: true });
    // Runs when the query arrives; the handler and setters do not change what was said.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected, connectError]);
}
