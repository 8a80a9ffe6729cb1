import { apiRoutes } from '@hanabi/api';
import { callApi } from '../../lib/api-client';

/** The code this browser shows for the sign-in link it asked for (decision 0064). */
export function fetchLinkCode() {
  return callApi(apiRoutes.signInLinkCode, {});
}

export function fetchLinkInfo(token: string) {
  return callApi(apiRoutes.signInLinkInfo, { body: { token } });
}

export function confirmLink(token: string, code: string) {
  return callApi(apiRoutes.signInLinkConfirm, { body: { token, code } });
}
