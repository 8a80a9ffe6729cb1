import {
  accountRoutes,
  adminAnalyticsRoutes,
  adminDoctorRoutes,
  adminTokenRoutes,
  adminUserRoutes,
  authEndpoints,
  campaignResultsRoutes,
  campaignRoutes,
  chainRoutes,
  collectionRoutes,
  deliveryRoutes,
  digitalGoodsRoutes,
  drawProofRoutes,
  drawRoutes,
  fontRoutes,
  identityRoutes,
  likeRoutes,
  liveRoutes,
  manualDistributionRoutes,
  newsRoutes,
  notificationRoutes,
  streamerRoutes,
  systemRoutes,
  uploadRoutes,
  watchlistRoutes,
  type RouteDefinition,
} from '@hanabi/api';

/** One tag of the OpenAPI document: a contract file (`packages/api/src/routes/<name>.routes.ts`) and its routes. */
export interface OpenApiArea {
  name: string;
  description: string;
  routes: Record<string, RouteDefinition>[];
}

/**
 * The document's top-level tags, one per contract file, in the order the contract lists them (decision 0216).
 * Each operation is tagged with the area its route is declared in, so a tag cannot drift from the contract.
 * The descriptions live here, on the server, so the web app never bundles them.
 */
export const openApiAreas: OpenApiArea[] = [
  {
    name: 'system',
    description: 'Health, readiness and the settings the web app needs first.',
    routes: [systemRoutes],
  },
  {
    name: 'identity',
    description:
      'Signing in and up: better-auth (e-mail links, Google and X) under /api/auth, the Hanabi user behind it.',
    routes: [identityRoutes, authEndpoints],
  },
  {
    name: 'account',
    description: 'The signed-in person: profile, wallet, settings, deletion.',
    routes: [accountRoutes],
  },
  {
    name: 'chain',
    description: 'The HanabiToken contract and the chain it lives on.',
    routes: [chainRoutes],
  },
  {
    name: 'admin-token',
    description: "The operator's token tools: mint, burn, transfer, approve, token URIs, IPFS pins.",
    routes: [adminTokenRoutes],
  },
  {
    name: 'upload',
    description: 'File uploads: one request for small files, the tus 1.0.0 protocol for large ones.',
    routes: [uploadRoutes],
  },
  {
    name: 'digital-goods',
    description: "A streamer's digital goods: the prizes a campaign gives away, later tokens.",
    routes: [digitalGoodsRoutes],
  },
  {
    name: 'campaign',
    description: 'Prize campaigns: create, edit, publish, list, read.',
    routes: [campaignRoutes],
  },
  { name: 'font', description: 'The fonts of the digital goods editor.', routes: [fontRoutes] },
  {
    name: 'delivery',
    description: 'Getting won prizes to their winners, and the queues behind it.',
    routes: [deliveryRoutes],
  },
  {
    name: 'manual-distribution',
    description: 'Prizes sent by hand to a list of recipients.',
    routes: [manualDistributionRoutes],
  },
  { name: 'watchlist', description: 'The streamers a person follows.', routes: [watchlistRoutes] },
  { name: 'like', description: 'Likes on campaigns and tokens.', routes: [likeRoutes] },
  {
    name: 'streamer',
    description: 'The streamer directory and public streamer pages.',
    routes: [streamerRoutes],
  },
  {
    name: 'collection',
    description: 'Tokens as anyone may see them, and what a person holds.',
    routes: [collectionRoutes],
  },
  {
    name: 'notification',
    description: 'Notifications and their live unread count (Server-Sent Events).',
    routes: [notificationRoutes],
  },
  {
    name: 'admin-user',
    description: "The operator's user tools: search, inspect, grant the operator role, suspend.",
    routes: [adminUserRoutes],
  },
  {
    name: 'admin-analytics',
    description: "The operator's analytics dashboard.",
    routes: [adminAnalyticsRoutes],
  },
  {
    name: 'admin-doctor',
    description: "The operator's system check: every outside system the deployment uses (`npm run doctor`).",
    routes: [adminDoctorRoutes],
  },
  { name: 'news', description: 'News from the operators, in Japanese and English.', routes: [newsRoutes] },
  {
    name: 'live',
    description:
      'Live streams on YouTube and TwitCasting: platform connections, chat ingestion, the live event stream.',
    routes: [liveRoutes],
  },
  {
    name: 'draw',
    description: 'Drawing winners among the entries, publicly verifiable.',
    routes: [drawRoutes],
  },
  {
    name: 'draw-proof',
    description: "A draw's public record and how to check it.",
    routes: [drawProofRoutes],
  },
  {
    name: 'campaign-results',
    description: "A campaign's winners and the caller's own wins.",
    routes: [campaignResultsRoutes],
  },
  // Not a contract file: the embedded IPFS gateway (served when IPFS runs inside the server).
  { name: 'ipfs', description: 'The embedded IPFS gateway: content-addressed files by CID.', routes: [] },
];

/** Every contract route's name (its operationId: stable, the key it is called by) and area (its tag). */
const byRoute = new Map<RouteDefinition, { operationId: string; tag: string }>();
for (const area of openApiAreas) {
  for (const table of area.routes) {
    for (const [name, route] of Object.entries(table))
      byRoute.set(route, { operationId: name, tag: area.name });
  }
}

/** The operationId and tag of a contract route, found by the route object itself (undefined outside the contract). */
export function contractRouteDoc(route: RouteDefinition): { operationId: string; tag: string } | undefined {
  return byRoute.get(route);
}
