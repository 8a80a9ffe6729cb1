import type { HtmlTagDescriptor, Plugin } from 'vite';
import { chunkClosure } from './chunk-closure';
import { APP_MODULE } from './first-load-pages';

/**
 * Build step (decision 0120): the entry starts the app with a dynamic import, one frame after the first paint,
 * but the app's scripts must still be fetched at once — so index.html gets a `modulepreload` for the app chunk and
 * every chunk it imports statically, the same links Vite writes for the entry's own imports, and a preload for the
 * stylesheets those chunks bring.
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
        const files = chunkClosure(app.fileName, (fileName) => {
          const output = bundle[fileName];
          return output?.type === 'chunk' ? output.imports : undefined;
        });
        const scripts = [...files].map((fileName): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head',
        }));
        // The app's stylesheets (decision 0191: the component styles, not render-blocking): fetched at once too,
        // as the stylesheet the app's import adds and waits for. A page with a server-drawn first paint drops
        // these links with the modulepreloads, so its paint has the bandwidth first.
        const styles = [...files].flatMap((fileName) => {
          const output = bundle[fileName];
          // The entry's own stylesheet is already linked (render-blocking).
          return output?.type === 'chunk' && !output.isEntry
            ? [...(output.viteMetadata?.importedCss ?? [])]
            : [];
        });
        return [
          ...scripts,
          ...styles.map((fileName): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
}
