import { Suspense } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AudienceLayout } from './layouts/audience-layout';
import { OperatorLayout } from './layouts/operator-layout';
import { PublicLayout } from './layouts/public-layout';
import { SignupLayout } from './layouts/signup-layout';
import { StreamerLayout } from './layouts/streamer-layout';
import { lazyPage, preload } from './lazy-route';
import { prefetchCampaignPage, prefetchDrawPage, prefetchStreamerPage } from './route-data';
import { DistributerRedirect } from './redirects';
import { RootRoute } from './root-route';
import { RouteErrorPage } from './route-error';

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
const OperatorNewsPage = lazyPage(
  () => import('../features/operator/pages/operator-news.page'),
  (m) => m.OperatorNewsPage,
);

/**
 * Every route of the original (docs/original-spec.md §2) (plus Hanabi's /draw/:id). Which of them are public, and where
 * signed-out visitors go, is decided by `route-rules.ts` in the root route's SessionGuard.
 */
// Pattern for every page (keep it uniform): `const XPage = lazyPage(() => import('…'), (m) => m.XPage)` above,
// and `{ path, element: <XPage />, loader: preload(XPage, prefetchX?) }` here: the loader starts the page chunk
// and, for pages a visitor lands on from a link, its data (`route-data.ts`) in parallel.
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
        loader: preload(LiveOverlayPage),
        element: (
          <Suspense fallback={null}>
            <LiveOverlayPage />
          </Suspense>
        ),
      },
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage />, loader: preload(LandingPage) },
          {
            path: 'campaign/:id',
            element: <CampaignDetailPage />,
            loader: preload(CampaignDetailPage, prefetchCampaignPage),
          },
          {
            path: 'collection/:id',
            element: <CollectionDetailPage />,
            loader: preload(CollectionDetailPage),
          },
          { path: 'terms', element: <TermsPage />, loader: preload(TermsPage) },
          {
            path: 'externalRedirect',
            element: <ExternalRedirectPage />,
            loader: preload(ExternalRedirectPage),
          },
          { path: 'draw/:id', element: <DrawProofPage />, loader: preload(DrawProofPage, prefetchDrawPage) },
          // Decisions 0063 and 0064: the wallet change notice's undo link, a sign-in link opened elsewhere.
          { path: 'wallet/undo', element: <WalletUndoPage />, loader: preload(WalletUndoPage) },
          { path: 'signin/confirm', element: <SignInConfirmPage />, loader: preload(SignInConfirmPage) },
          // Embedded mode only (the page says so otherwise): the e-mails the server "sent".
          { path: 'dev/mailbox', element: <DevMailboxPage />, loader: preload(DevMailboxPage) },
          // Embedded mode only: the chat console of the fake YouTube / TwitCasting (server /sandbox/…).
          { path: 'dev/sandbox', element: <SandboxConsolePage />, loader: preload(SandboxConsolePage) },
          { path: '*', element: <NotFoundPage />, loader: preload(NotFoundPage) },
        ],
      },
      {
        path: 'streamer',
        element: <StreamerLayout />,
        children: [
          { index: true, element: <AreaIntroPage area="streamer" />, loader: preload(AreaIntroPage) },
          { path: 'home', element: <StreamerHomePage />, loader: preload(StreamerHomePage) },
          { path: 'editor/campaign', element: <CampaignEditorPage />, loader: preload(CampaignEditorPage) },
          {
            path: 'editor/campaign/:id',
            element: <CampaignEditorPage />,
            loader: preload(CampaignEditorPage),
          },
          {
            path: 'editor/manual-distribution',
            element: <ManualDistributionPage />,
            loader: preload(ManualDistributionPage),
          },
          {
            path: 'editor/manual-distribution/:id',
            element: <ManualDistributionDetailPage />,
            loader: preload(ManualDistributionDetailPage),
          },
          { path: 'editor/digitalgoods', element: <DigitalGoodsPage />, loader: preload(DigitalGoodsPage) },
          { path: 'account', element: <AccountPage />, loader: preload(AccountPage) },
          {
            path: 'liveStreaming/:id',
            element: <LiveControlRoomPage />,
            loader: preload(LiveControlRoomPage),
          },
          { path: '*', element: <NotFoundPage />, loader: preload(NotFoundPage) },
        ],
      },
      {
        path: 'audience',
        element: <AudienceLayout />,
        children: [
          { index: true, element: <AreaIntroPage area="audience" />, loader: preload(AreaIntroPage) },
          { path: 'home', element: <AudienceHomePage />, loader: preload(AudienceHomePage) },
          { path: 'collection', element: <MyCollectionPage />, loader: preload(MyCollectionPage) },
          { path: 'campaign', element: <CampaignListPage />, loader: preload(CampaignListPage) },
          { path: 'watchlist', element: <WatchlistPage />, loader: preload(WatchlistPage) },
          { path: 'streamer', element: <StreamerListPage />, loader: preload(StreamerListPage) },
          {
            path: 'streamer/:id',
            element: <StreamerProfilePage />,
            loader: preload(StreamerProfilePage, prefetchStreamerPage),
          },
          { path: 'account', element: <AccountPage />, loader: preload(AccountPage) },
          { path: '*', element: <NotFoundPage />, loader: preload(NotFoundPage) },
        ],
      },
      {
        path: 'operator',
        element: <OperatorLayout />,
        children: [
          { index: true, element: <Navigate to="/operator/dashboard" replace /> },
          { path: 'dashboard', element: <OperatorDashboardPage />, loader: preload(OperatorDashboardPage) },
          { path: 'users', element: <OperatorUsersPage />, loader: preload(OperatorUsersPage) },
          { path: 'users/:id', element: <OperatorUserDetailPage />, loader: preload(OperatorUserDetailPage) },
          { path: 'tokens', element: <OperatorTokensPage />, loader: preload(OperatorTokensPage) },
          { path: 'ipfs', element: <OperatorIpfsPage />, loader: preload(OperatorIpfsPage) },
          {
            path: 'deliveries',
            element: <OperatorDeliveriesPage />,
            loader: preload(OperatorDeliveriesPage),
          },
          { path: 'news', element: <OperatorNewsPage />, loader: preload(OperatorNewsPage) },
          { path: '*', element: <NotFoundPage />, loader: preload(NotFoundPage) },
        ],
      },
      {
        path: 'signup',
        element: <SignupLayout />,
        children: [
          { index: true, element: <Navigate to="/" replace /> },
          { path: 'streamer', element: <SignupPage userType="streamer" />, loader: preload(SignupPage) },
          { path: 'audience', element: <SignupPage userType="audience" />, loader: preload(SignupPage) },
          {
            path: 'streamer/finishSignUp',
            element: <FinishSignUpPage userType="streamer" />,
            loader: preload(FinishSignUpPage),
          },
          {
            path: 'audience/finishSignUp',
            element: <FinishSignUpPage userType="audience" />,
            loader: preload(FinishSignUpPage),
          },
          { path: '*', element: <NotFoundPage />, loader: preload(NotFoundPage) },
        ],
      },
    ],
  },
];
