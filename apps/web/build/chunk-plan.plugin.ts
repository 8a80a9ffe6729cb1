import { build, type PluginOption, type Rolldown } from 'vite';
import { chunkClosure } from './chunk-closure';
import { APP_MODULE, FIRST_LOAD_PAGES } from './first-load-pages';

/** What the plan reads of a chunk of the first bundling. */
export type PlannedChunk = Pick<
  Rolldown.OutputChunk,
  'fileName' | 'imports' | 'facadeModuleId' | 'isEntry'
> & {
  type: 'chunk';
  modules: Record<string, { renderedLength: number }>;
};
/** Options of `output.codeSplitting`, as the bundler types them. */
type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;
type ChunkGroup = NonNullable<CodeSplitting['groups']>[number];

/** The chunk group each module of a first load goes to. */
export interface ChunkPlan {
  /** Module id → group name. */
  groupOf: Map<string, string>;
  /** Group names, the group shared by most public pages first (the app's first of all). */
  order: string[];
}

const APP_GROUP = 'main';

/** A public page: its route's module and the name its chunks go by. */
interface FirstLoadPage {
  module: string;
  chunk: string;
}

/**
 * Which chunk each module of the first loads goes to, from a first bundling with the bundler's own splitting.
 *
 * The entry starts the app with a dynamic import (decision 0120), and the public pages are lazy routes, so the
 * bundler splits every module the app or a public page shares with any other lazy page (a Mantine component, an
 * icon, the toasts) into a chunk of its own: 27 files for the app, up to 30 more for a page, each compressed alone
 * (issue 16: 6–14 KiB gzip more per first load than the same code in one file). It cannot know that the app is
 * always loaded, nor which lazy pages a visitor lands on. This plan can:
 * - every module of the app's first load (its chunk and the chunks it imports statically) joins the app's chunk:
 *   the app is always loaded, so a page that shares one gets nothing it would not have had;
 * - every other module of a public page's first load joins one chunk per set of public pages that load it
 *   ("the campaign and streamer pages"), so a public page loads a few files, and never code only other public
 *   pages use. A lazy page outside the list that needs one of those modules loads its group's chunk.
 * Modules the first bundling rendered empty (re-export lists such as `@mantine/core`'s index) join no group:
 * captured, they would pull every module they re-export into it.
 */
export function planChunks(
  output: readonly (PlannedChunk | { type: 'asset' })[],
  { app = APP_MODULE, pages = FIRST_LOAD_PAGES }: { app?: string; pages?: readonly FirstLoadPage[] } = {},
): ChunkPlan {
  const chunks = new Map<string, PlannedChunk>();
  for (const item of output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const chunkOf = (module: string): PlannedChunk => {
    const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId?.endsWith(`/${module}`));
    if (!chunk) throw new Error(`${module} is not the module of a chunk of the build`);
    return chunk;
  };
  const closure = (start: PlannedChunk) =>
    chunkClosure(start.fileName, (fileName) => chunks.get(fileName)?.imports);

  const appFiles = closure(chunkOf(app));
  const pagesOfFile = new Map<string, string[]>();
  for (const { module, chunk } of pages) {
    for (const fileName of closure(chunkOf(module))) {
      if (appFiles.has(fileName)) continue;
      pagesOfFile.set(fileName, [...(pagesOfFile.get(fileName) ?? []), chunk]);
    }
  }

  const groupOf = new Map<string, string>();
  const sharedBy = new Map<string, number>([[APP_GROUP, Infinity]]);
  const assign = (fileName: string, group: string) => {
    const chunk = chunks.get(fileName);
    // The entry (index.html's script) stays as it is: the app imports Vite's preload helper from it.
    if (!chunk || chunk.isEntry) return;
    for (const [id, module] of Object.entries(chunk.modules)) {
      // A lazy module (the app, a page) keeps its own chunk: the manifest and the server's preloads name it.
      if (module.renderedLength > 0 && id !== chunk.facadeModuleId) groupOf.set(id, group);
    }
  };
  appFiles.forEach((fileName) => assign(fileName, APP_GROUP));
  for (const [fileName, pages] of pagesOfFile) {
    const group = `for-${pages.join('-')}`;
    sharedBy.set(group, pages.length);
    assign(fileName, group);
  }
  const order = [...sharedBy].sort((a, b) => b[1] - a[1]).map(([group]) => group);
  return { groupOf, order };
}

/**
 * The bundler's groups for a plan. A group shared by more pages comes first: a module's static imports are loaded
 * by every page that loads it, so they belong to a group of the same pages or of more, which has taken its
 * modules already, and the group's own modules never drag another group's into it.
 */
export function chunkGroups(plan: ChunkPlan): ChunkGroup[] {
  return plan.order.map((group, index) => ({
    name: group,
    test: (id: string) => plan.groupOf.get(id) === group,
    priority: plan.order.length - index,
    // A group is already whole (the static imports of its modules are its own or a group taken before it).
    // Following imports would also take Vite's preload helper out of the entry (every chunk with a dynamic
    // import imports it) and make the entry wait for the whole app before a server-drawn first paint's frame.
    includeDependenciesRecursively: false,
  }));
}

/**
 * Build step (issue 16): bundles the app once with the bundler's own splitting (in memory, with `graphPlugins`,
 * the plugins that shape the module graph), plans the first loads' chunks from that, and gives the plan to the
 * real build as `output.codeSplitting.groups`. The code is the same; only its files change.
 */
export function chunkPlan(graphPlugins: () => PluginOption[]): PluginOption {
  return {
    name: 'hanabi:chunk-plan',
    apply: 'build',
    async config(config) {
      // No config file: the first bundling has the graph's plugins only (not this one, and none that writes).
      const result = await build({
        configFile: false,
        root: config.root,
        logLevel: 'silent',
        plugins: graphPlugins(),
        build: { write: false, manifest: false, sourcemap: false, minify: false },
      });
      const outputs = Array.isArray(result) ? result : [result];
      const output = outputs.flatMap((item) => ('output' in item ? item.output : []));
      return {
        build: {
          rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(planChunks(output)) } } },
        },
      };
    },
  };
}
