import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The app module the entry (`src/boot.ts`) starts with a dynamic import. */
export const APP_MODULE = 'src/main.tsx';

/**
 * Build step (decision 0120): the entry starts the app with a dynamic import, one frame after the first paint,
 * but the app's scripts must still be fetched at once — so index.html gets a `modulepreload` for the app chunk and
 * every chunk it imports statically, the same links Vite writes for the entry's own imports.
 */
export function bootPreload(): Plugin {
  return {
    name: 'hanabi:boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(`/${APP_MODULE}`),
        );
        if (!app) throw new Error(`${APP_MODULE} is not a chunk of the build (is src/boot.ts the entry?)`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (files.has(fileName) || output?.type !== 'chunk') return;
          files.add(fileName);
          output.imports.forEach(visit);
        };
        visit(app.fileName);
        return [...files].map((fileName): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
