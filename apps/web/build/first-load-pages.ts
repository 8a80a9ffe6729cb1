/**
 * The public pages a visitor lands on from a link (chat, search, a shared proof), by the module of their route:
 * what each downloads before it shows is their "first load" (issue 16). Read by the message split (which keeps
 * in the first load only the messages these pages and the entry name, decision 0190), the chunk plan (`chunk` names
 * the files of the code some of them share, `build/chunk-plan.plugin.ts`), the first-load budget test and
 * `bench:web`. Their routes are `lazyPage(…, { firstLoad: true })` in `src/app/routes.tsx`.
 */
export const FIRST_LOAD_PAGES = [
  { page: '/', chunk: 'home', module: 'src/features/home/pages/landing.page.tsx' },
  {
    page: '/campaign/:id',
    chunk: 'campaign',
    module: 'src/features/campaigns/pages/campaign-detail.page.tsx',
  },
  {
    page: '/audience/streamer/:id',
    chunk: 'streamer',
    module: 'src/features/streamers/pages/streamer-profile.page.tsx',
  },
  { page: '/draw/:id', chunk: 'draw', module: 'src/features/draws/pages/draw-proof.page.tsx' },
  {
    page: '/collection/:id',
    chunk: 'collection',
    module: 'src/features/collection/pages/collection-detail.page.tsx',
  },
  { page: '/audience (news)', chunk: 'news', module: 'src/features/home/pages/area-intro.page.tsx' },
  { page: '/terms', chunk: 'terms', module: 'src/features/legal/pages/terms.page.tsx' },
] as const;

/** The app module the entry (`src/boot.ts`) starts one frame after the first paint (decision 0120). */
export const APP_MODULE = 'src/main.tsx';
