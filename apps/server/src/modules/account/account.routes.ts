import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { requireSession } from '../../http/session.ts';
import { forwardSetCookies, toFetchHeaders } from '../identity/index.ts';
import type { AccountService } from './account.service.ts';
import type { SignInService } from './sign-in.service.ts';
import type { WalletService } from './wallet.service.ts';

export function registerAccountRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  wallet: WalletService,
  signIn: SignInService,
): void {
  registerRoute(app, apiRoutes.signin, ({ session, body }) => signIn.signin(requireSession(session), body));
  registerRoute(app, apiRoutes.signup, ({ session, body }) => signIn.signup(requireSession(session), body));
  registerRoute(app, apiRoutes.myAccountBase, ({ session }) => accounts.myAccount(requireSession(session)));
  registerRoute(app, apiRoutes.myAccountEth, ({ session }) => accounts.myAccountEth(requireSession(session)));
  registerRoute(app, apiRoutes.adminAccount, ({ session }) => accounts.myAccount(requireSession(session)));
  registerRoute(app, apiRoutes.updateAccount, ({ session, params, body }) =>
    accounts.update(requireSession(session), params.id, body),
  );
  registerRoute(app, apiRoutes.walletChallenge, ({ session, params, body }) =>
    accounts.walletChallenge(requireSession(session), params.id, body),
  );
  registerRoute(app, apiRoutes.walletUndo, ({ body }) => wallet.undo(body.token));
  registerRoute(app, apiRoutes.updateAccountLink, async ({ session, params, body, request, reply }) => {
    const outcome = await accounts.link(requireSession(session), params.id, body, toFetchHeaders(request));
    forwardSetCookies(reply, outcome.responseHeaders);
    return outcome.response;
  });
}
