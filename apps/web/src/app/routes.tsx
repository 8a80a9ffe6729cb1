import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AudienceLayout } from './layouts/audience-layout';
import { OperatorLayout } from './layouts/operator-layout';
import { PublicLayout } from './layouts/public-layout';
import { SignupLayout } from './layouts/signup-layout';
import { StreamerLayout } from './layouts/streamer-layout';
import { DistributerRedirect } from './redirects';
import { RootRoute } from './root-route';
import { RouteErrorPage } from './route-error';

/** A page module loaded on first visit (its own chunk); the layouts hold the Suspense boundary. */
function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(async () => ({ default: pick(await load()) }));
}

// Public pages
const LandingPage = lazyPage(
  () => import('../features/home/pages/landing.page'),
  (m) => m.LandingPage,
);
const AreaIntroPage = lazyPage(
  () => import('../features/home/pages/area-intro.page'),
  (m) => m.AreaIntroPage,
);
const CampaignDetailPage = lazyPage(
  () => import('../features/campaigns/pages/campaign-detail.page'),
  (m) => m.CampaignDetailPage,
);
const CollectionDetailPage = lazyPage(
  () => import('../features/collection/pages/collection-detail.page'),
  (m) => m.CollectionDetailPage,
);
const TermsPage = lazyPage(
  () => import('../features/legal/pages/terms.page'),
  (m) => m.TermsPage,
);
const ExternalRedirectPage = lazyPage(
  () => import('../features/external-redirect/pages/external-redirect.page'),
  (m) => m.ExternalRedirectPage,
);
const DrawProofPage = lazyPage(
  () => import('../features/draws/pages/draw-proof.page'),
  (m) => m.DrawProofPage,
);
const LiveOverlayPage = lazyPage(
  () => import('../features/live-streaming/pages/live-overlay.page'),
  (m) => m.LiveOverlayPage,
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
const OperatorNewsPage = lazyPage(
  () => import('../features/operator/pages/operator-news.page'),
  (m) => m.OperatorNewsPage,
);

/**
 * Every route of the original spec section 2 (plus Hanabi's /draw/:id). Which of them are public, and where
 * signed-out visitors go, is decided by `route-rules.ts` in the root route's SessionGuard.
 */
export const appRoutes: RouteObject[] = [
  // Redirects of the original; outside the root route so they apply before the session rule.
  { path: '/distributer/*', element: <DistributerRedirect />, errorElement: <RouteErrorPage /> },
  { path: '/streamer/signup', element: <Navigate to="/signup/streamer" replace /> },
  { path: '/audience/signup', element: <Navigate to="/signup/audience" replace /> },
  {
    path: '/',
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      // The OBS browser source: no layout (no header, menus or background), so it holds its own Suspense.
      {
        path: 'overlay/:id',
        element: (
          <Suspense fallback={null}>
            <LiveOverlayPage />
          </Suspense>
        ),
      },
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'campaign/:id', element: <CampaignDetailPage /> },
          { path: 'collection/:id', element: <CollectionDetailPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'externalRedirect', element: <ExternalRedirectPage /> },
          { path: 'draw/:id', element: <DrawProofPage /> },
          // Embedded mode only (the page says so otherwise): the e-mails the server "sent".
          { path: 'dev/mailbox', element: <DevMailboxPage /> },
          // Embedded mode only: the chat console of the fake YouTube / TwitCasting (server /sandbox/…).
          { path: 'dev/sandbox', element: <SandboxConsolePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'streamer',
        element: <StreamerLayout />,
        children: [
          { index: true, element: <AreaIntroPage area="streamer" /> },
          { path: 'home', element: <StreamerHomePage /> },
          { path: 'editor/campaign', element: <CampaignEditorPage /> },
          { path: 'editor/campaign/:id', element: <CampaignEditorPage /> },
          { path: 'editor/manual-distribution', element: <ManualDistributionPage /> },
          { path: 'editor/manual-distribution/:id', element: <ManualDistributionDetailPage /> },
          { path: 'editor/digitalgoods', element: <DigitalGoodsPage /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'liveStreaming/:id', element: <LiveControlRoomPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'audience',
        element: <AudienceLayout />,
        children: [
          { index: true, element: <AreaIntroPage area="audience" /> },
          { path: 'home', element: <AudienceHomePage /> },
          { path: 'collection', element: <MyCollectionPage /> },
          { path: 'campaign', element: <CampaignListPage /> },
          { path: 'watchlist', element: <WatchlistPage /> },
          { path: 'streamer', element: <StreamerListPage /> },
          { path: 'streamer/:id', element: <StreamerProfilePage /> },
          { path: 'account', element: <AccountPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'operator',
        element: <OperatorLayout />,
        children: [
          { index: true, element: <Navigate to="/operator/dashboard" replace /> },
          { path: 'dashboard', element: <OperatorDashboardPage /> },
          { path: 'users', element: <OperatorUsersPage /> },
          { path: 'users/:id', element: <OperatorUserDetailPage /> },
          { path: 'tokens', element: <OperatorTokensPage /> },
          { path: 'ipfs', element: <OperatorIpfsPage /> },
          { path: 'deliveries', element: <OperatorDeliveriesPage /> },
          { path: 'news', element: <OperatorNewsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'signup',
        element: <SignupLayout />,
        children: [
          { index: true, element: <Navigate to="/" replace /> },
          { path: 'streamer', element: <SignupPage userType="streamer" /> },
          { path: 'audience', element: <SignupPage userType="audience" /> },
          { path: 'streamer/finishSignUp', element: <FinishSignUpPage userType="streamer" /> },
          { path: 'audience/finishSignUp', element: <FinishSignUpPage userType="audience" /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
