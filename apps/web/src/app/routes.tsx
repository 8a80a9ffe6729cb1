import { Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { SessionGuard } from './guards/session-guard';
import { AudienceLayout } from './layouts/audience-layout';
import { OperatorLayout } from './layouts/operator-layout';
import { PublicLayout } from './layouts/public-layout';
import { SignupLayout } from './layouts/signup-layout';
import { StreamerLayout } from './layouts/streamer-layout';
import { lazyPage, usePreloadRoute } from './lazy-route';
import type { LazyPage, Prefetch } from './lazy-route';
import { prefetchCampaignPage, prefetchDrawPage, prefetchStreamerPage } from './route-data';
import { DistributerRedirect } from './redirects';

// Public pages
const LandingPage = lazyPage(
  () => import('../features/home/pages/landing.page'),
  (m) => m.LandingPage,
  { firstLoad: true },
);
const AreaIntroPage = lazyPage(
  () => import('../features/home/pages/area-intro.page'),
  (m) => m.AreaIntroPage,
  { firstLoad: true },
);
const CampaignDetailPage = lazyPage(
  () => import('../features/campaigns/pages/campaign-detail.page'),
  (m) => m.CampaignDetailPage,
  { firstLoad: true },
);
const CollectionDetailPage = lazyPage(
  () => import('../features/collection/pages/collection-detail.page'),
  (m) => m.CollectionDetailPage,
  { firstLoad: true },
);
const TermsPage = lazyPage(
  () => import('../features/legal/pages/terms.page'),
  (m) => m.TermsPage,
  { firstLoad: true },
);
const ExternalRedirectPage = lazyPage(
  () => import('../features/external-redirect/pages/external-redirect.page'),
  (m) => m.ExternalRedirectPage,
);
const DrawProofPage = lazyPage(
  () => import('../features/draws/pages/draw-proof.page'),
  (m) => m.DrawProofPage,
  { firstLoad: true },
);
const LiveOverlayPage = lazyPage(
  () => import('../features/live-streaming/pages/live-overlay.page'),
  (m) => m.LiveOverlayPage,
);
const WalletUndoPage = lazyPage(
  () => import('../features/account/pages/wallet-undo.page'),
  (m) => m.WalletUndoPage,
);
const SignInConfirmPage = lazyPage(
  () => import('../features/signup/pages/sign-in-confirm.page'),
  (m) => m.SignInConfirmPage,
);
const DevMailboxPage = lazyPage(
  () => import('../features/dev-mailbox/pages/dev-mailbox.page'),
  (m) => m.DevMailboxPage,
);
const SandboxConsolePage = lazyPage(
  () => import('../features/sandbox/pages/sandbox-console.page'),
  (m) => m.SandboxConsolePage,
);
const NotFoundPage = lazyPage(
  () => import('../features/not-found/pages/not-found.page'),
  (m) => m.NotFoundPage,
);
// Sign-up
const SignupPage = lazyPage(
  () => import('../features/signup/pages/signup.page'),
  (m) => m.SignupPage,
);
const FinishSignUpPage = lazyPage(
  () => import('../features/signup/pages/finish-sign-up.page'),
  (m) => m.FinishSignUpPage,
);
// Streamer
const StreamerHomePage = lazyPage(
  () => import('../features/home/pages/streamer-home.page'),
  (m) => m.StreamerHomePage,
);
const CampaignEditorPage = lazyPage(
  () => import('../features/campaigns/pages/campaign-editor.page'),
  (m) => m.CampaignEditorPage,
);
const ManualDistributionPage = lazyPage(
  () => import('../features/manual-distribution/pages/manual-distribution.page'),
  (m) => m.ManualDistributionPage,
);
const ManualDistributionDetailPage = lazyPage(
  () => import('../features/manual-distribution/pages/manual-distribution-detail.page'),
  (m) => m.ManualDistributionDetailPage,
);
const DigitalGoodsPage = lazyPage(
  () => import('../features/digital-goods/pages/digital-goods.page'),
  (m) => m.DigitalGoodsPage,
);
const LiveControlRoomPage = lazyPage(
  () => import('../features/live-streaming/pages/live-control-room.page'),
  (m) => m.LiveControlRoomPage,
);
const AccountPage = lazyPage(
  () => import('../features/account/pages/account.page'),
  (m) => m.AccountPage,
);
// Audience
const AudienceHomePage = lazyPage(
  () => import('../features/home/pages/audience-home.page'),
  (m) => m.AudienceHomePage,
);
const MyCollectionPage = lazyPage(
  () => import('../features/collection/pages/my-collection.page'),
  (m) => m.MyCollectionPage,
);
const CampaignListPage = lazyPage(
  () => import('../features/campaigns/pages/campaign-list.page'),
  (m) => m.CampaignListPage,
);
const WatchlistPage = lazyPage(
  () => import('../features/campaigns/pages/watchlist.page'),
  (m) => m.WatchlistPage,
);
const StreamerListPage = lazyPage(
  () => import('../features/streamers/pages/streamer-list.page'),
  (m) => m.StreamerListPage,
);
const StreamerProfilePage = lazyPage(
  () => import('../features/streamers/pages/streamer-profile.page'),
  (m) => m.StreamerProfilePage,
  { firstLoad: true },
);
// Operator
const OperatorDashboardPage = lazyPage(
  () => import('../features/operator/pages/operator-dashboard.page'),
  (m) => m.OperatorDashboardPage,
);
const OperatorUsersPage = lazyPage(
  () => import('../features/operator/pages/operator-users.page'),
  (m) => m.OperatorUsersPage,
);
const OperatorUserDetailPage = lazyPage(
  () => import('../features/operator/pages/operator-user-detail.page'),
  (m) => m.OperatorUserDetailPage,
);
const OperatorTokensPage = lazyPage(
  () => import('../features/operator/pages/operator-tokens.page'),
  (m) => m.OperatorTokensPage,
);
const OperatorIpfsPage = lazyPage(
  () => import('../features/operator/pages/operator-ipfs.page'),
  (m) => m.OperatorIpfsPage,
);
const OperatorDeliveriesPage = lazyPage(
  () => import('../features/operator/pages/operator-deliveries.page'),
  (m) => m.OperatorDeliveriesPage,
);
const OperatorSystemPage = lazyPage(
  () => import('../features/operator/pages/operator-system.page'),
  (m) => m.OperatorSystemPage,
);
const OperatorNewsPage = lazyPage(
  () => import('../features/operator/pages/operator-news.page'),
  (m) => m.OperatorNewsPage,
);

type Layout = ComponentType<{ children: ReactNode }>;

interface RoutePageProps<P extends object> {
  /** The area's frame; none for the OBS overlay (which then holds its own Suspense). */
  layout: Layout | null;
  page: LazyPage<P>;
  /** The page's own props (`<AreaIntroPage area="streamer" />`). */
  props?: NoInfer<P>;
  /** Its data, requested with the chunk (`route-data.ts`). */
  prefetch?: Prefetch;
}

/**
 * One matched page: starts its chunk and data at once (what the route loaders did before wouter, decision 0195),
 * then the session rule, the layout (which applies the wallet step and holds the Suspense) and the page. Every
 * route renders this at the same place, so moving between two pages of an area keeps its layout mounted.
 */
function RoutePage<P extends object>({ layout: Layout, page: Page, props, prefetch }: RoutePageProps<P>) {
  usePreloadRoute(Page, prefetch);
  const element = <Page {...(props as P)} />;
  return (
    <SessionGuard>
      {Layout ? <Layout>{element}</Layout> : <Suspense fallback={null}>{element}</Suspense>}
    </SessionGuard>
  );
}

/**
 * Every route of the original (docs/original-spec.md §2) (plus Hanabi's /draw/:id). Which of them are public, and
 * where signed-out visitors go, is decided by `route-rules.ts` in the SessionGuard. The first matching route wins
 * (wouter's Switch): specific paths first, then each area's not-found page, then the public one.
 */
// Pattern for every page (keep it uniform): `const XPage = lazyPage(() => import('…'), (m) => m.XPage)` above,
// and `<Route path="…"><RoutePage layout={…} page={XPage} prefetch={prefetchX?} /></Route>` here: the page's
// chunk and, for pages a visitor lands on from a link, its data (`route-data.ts`) start in parallel on match.
export function AppRoutes() {
  return (
    <Switch>
      {/* Redirects of the original; before the session rule. */}
      <Route path="/distributer/*?" component={DistributerRedirect} />
      <Route path="/streamer/signup">
        <Redirect to="/signup/streamer" replace />
      </Route>
      <Route path="/audience/signup">
        <Redirect to="/signup/audience" replace />
      </Route>

      {/* The OBS browser source: no layout (no header, menus or background). */}
      <Route path="/overlay/:id">
        <RoutePage layout={null} page={LiveOverlayPage} />
      </Route>

      <Route path="/">
        <RoutePage layout={PublicLayout} page={LandingPage} />
      </Route>
      <Route path="/campaign/:id">
        <RoutePage layout={PublicLayout} page={CampaignDetailPage} prefetch={prefetchCampaignPage} />
      </Route>
      <Route path="/collection/:id">
        <RoutePage layout={PublicLayout} page={CollectionDetailPage} />
      </Route>
      <Route path="/terms">
        <RoutePage layout={PublicLayout} page={TermsPage} />
      </Route>
      <Route path="/externalRedirect">
        <RoutePage layout={PublicLayout} page={ExternalRedirectPage} />
      </Route>
      <Route path="/draw/:id">
        <RoutePage layout={PublicLayout} page={DrawProofPage} prefetch={prefetchDrawPage} />
      </Route>
      {/* Decisions 0063 and 0064: the wallet change notice's undo link, a sign-in link opened elsewhere. */}
      <Route path="/wallet/undo">
        <RoutePage layout={PublicLayout} page={WalletUndoPage} />
      </Route>
      <Route path="/signin/confirm">
        <RoutePage layout={PublicLayout} page={SignInConfirmPage} />
      </Route>
      {/* Embedded mode only (the page says so otherwise): the e-mails the server "sent". */}
      <Route path="/dev/mailbox">
        <RoutePage layout={PublicLayout} page={DevMailboxPage} />
      </Route>
      {/* Embedded mode only: the chat console of the fake YouTube / TwitCasting (server /sandbox/…). */}
      <Route path="/dev/sandbox">
        <RoutePage layout={PublicLayout} page={SandboxConsolePage} />
      </Route>

      <Route path="/streamer">
        <RoutePage layout={StreamerLayout} page={AreaIntroPage} props={{ area: 'streamer' }} />
      </Route>
      <Route path="/streamer/home">
        <RoutePage layout={StreamerLayout} page={StreamerHomePage} />
      </Route>
      <Route path="/streamer/editor/campaign/:id?">
        <RoutePage layout={StreamerLayout} page={CampaignEditorPage} />
      </Route>
      <Route path="/streamer/editor/manual-distribution">
        <RoutePage layout={StreamerLayout} page={ManualDistributionPage} />
      </Route>
      <Route path="/streamer/editor/manual-distribution/:id">
        <RoutePage layout={StreamerLayout} page={ManualDistributionDetailPage} />
      </Route>
      <Route path="/streamer/editor/digitalgoods">
        <RoutePage layout={StreamerLayout} page={DigitalGoodsPage} />
      </Route>
      <Route path="/streamer/account">
        <RoutePage layout={StreamerLayout} page={AccountPage} />
      </Route>
      <Route path="/streamer/liveStreaming/:id">
        <RoutePage layout={StreamerLayout} page={LiveControlRoomPage} />
      </Route>
      <Route path="/streamer/*">
        <RoutePage layout={StreamerLayout} page={NotFoundPage} />
      </Route>

      <Route path="/audience">
        <RoutePage layout={AudienceLayout} page={AreaIntroPage} props={{ area: 'audience' }} />
      </Route>
      <Route path="/audience/home">
        <RoutePage layout={AudienceLayout} page={AudienceHomePage} />
      </Route>
      <Route path="/audience/collection">
        <RoutePage layout={AudienceLayout} page={MyCollectionPage} />
      </Route>
      <Route path="/audience/campaign">
        <RoutePage layout={AudienceLayout} page={CampaignListPage} />
      </Route>
      <Route path="/audience/watchlist">
        <RoutePage layout={AudienceLayout} page={WatchlistPage} />
      </Route>
      <Route path="/audience/streamer">
        <RoutePage layout={AudienceLayout} page={StreamerListPage} />
      </Route>
      <Route path="/audience/streamer/:id">
        <RoutePage layout={AudienceLayout} page={StreamerProfilePage} prefetch={prefetchStreamerPage} />
      </Route>
      <Route path="/audience/account">
        <RoutePage layout={AudienceLayout} page={AccountPage} />
      </Route>
      <Route path="/audience/*">
        <RoutePage layout={AudienceLayout} page={NotFoundPage} />
      </Route>

      <Route path="/operator">
        <SessionGuard>
          <Redirect to="/operator/dashboard" replace />
        </SessionGuard>
      </Route>
      <Route path="/operator/dashboard">
        <RoutePage layout={OperatorLayout} page={OperatorDashboardPage} />
      </Route>
      <Route path="/operator/users">
        <RoutePage layout={OperatorLayout} page={OperatorUsersPage} />
      </Route>
      <Route path="/operator/users/:id">
        <RoutePage layout={OperatorLayout} page={OperatorUserDetailPage} />
      </Route>
      <Route path="/operator/tokens">
        <RoutePage layout={OperatorLayout} page={OperatorTokensPage} />
      </Route>
      <Route path="/operator/ipfs">
        <RoutePage layout={OperatorLayout} page={OperatorIpfsPage} />
      </Route>
      <Route path="/operator/deliveries">
        <RoutePage layout={OperatorLayout} page={OperatorDeliveriesPage} />
      </Route>
      <Route path="/operator/news">
        <RoutePage layout={OperatorLayout} page={OperatorNewsPage} />
      </Route>
      <Route path="/operator/system">
        <RoutePage layout={OperatorLayout} page={OperatorSystemPage} />
      </Route>
      <Route path="/operator/*">
        <RoutePage layout={OperatorLayout} page={NotFoundPage} />
      </Route>

      <Route path="/signup">
        <SessionGuard>
          <Redirect to="/" replace />
        </SessionGuard>
      </Route>
      <Route path="/signup/streamer">
        <RoutePage layout={SignupLayout} page={SignupPage} props={{ userType: 'streamer' }} />
      </Route>
      <Route path="/signup/audience">
        <RoutePage layout={SignupLayout} page={SignupPage} props={{ userType: 'audience' }} />
      </Route>
      <Route path="/signup/streamer/finishSignUp">
        <RoutePage layout={SignupLayout} page={FinishSignUpPage} props={{ userType: 'streamer' }} />
      </Route>
      <Route path="/signup/audience/finishSignUp">
        <RoutePage layout={SignupLayout} page={FinishSignUpPage} props={{ userType: 'audience' }} />
      </Route>
      <Route path="/signup/*">
        <RoutePage layout={SignupLayout} page={NotFoundPage} />
      </Route>

      <Route>
        <RoutePage layout={PublicLayout} page={NotFoundPage} />
      </Route>
    </Switch>
  );
}
