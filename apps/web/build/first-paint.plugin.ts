import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as bundle } from 'esbuild';
import { runnerImport, type Plugin } from 'vite';
import type * as AreaIntroPaint from '../src/features/home/area-intro.first-paint';
import type { DrawProofMessages } from '../src/features/draws/draw-proof.first-paint';
import type * as LandingPaint from '../src/features/home/landing.first-paint';
import type * as SignupPaint from '../src/features/signup/signup.first-paint';
import type * as JaMessages from '../src/lib/i18n/ja';
import type * as EnMessages from '../src/lib/i18n/en';

const src = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/** Folder of the build (beside `.vite/`) where the server finds the pages' first paints; a dot folder is never served. */
export const FIRST_PAINT_DIR = '.first-paint';

/**
 * Build step (decision 0120): writes the first paint of each static public page in each language —
 * `dist/.first-paint/landing.ja.html`, `landing.en.html`, `signup-audience.{lead}[.devMailbox].{locale}.html` — from the page's markup module and the app's own
 * messages, so the server can put the page's text in `#root` before any script runs without a copy of either.
 * A page drawn from its data (the draw proof page, decision 0194) is written as code instead: its markup module
 * and the messages it shows, bundled for Node into `draw-proof.mjs`, which the server calls per draw.
 */
export function firstPaint(): Plugin {
  let outDir = '';
  return {
    name: 'hanabi:first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const [{ module: landing }, { module: intro }, { module: signup }, { module: ja }, { module: en }] =
        await Promise.all([
          runnerImport<typeof LandingPaint>(src('features/home/landing.first-paint.ts')),
          runnerImport<typeof AreaIntroPaint>(src('features/home/area-intro.first-paint.ts')),
          runnerImport<typeof SignupPaint>(src('features/signup/signup.first-paint.ts')),
          runnerImport<typeof JaMessages>(src('lib/i18n/ja.ts')),
          runnerImport<typeof EnMessages>(src('lib/i18n/en.ts')),
        ]);
      const dir = path.join(outDir, FIRST_PAINT_DIR);
      await fs.mkdir(dir, { recursive: true });
      const files: Record<string, string> = {};
      for (const [locale, messages] of [
        ['ja', ja.ja],
        ['en', en.en],
      ] as const) {
        files[`landing.${locale}.html`] = landing.landingFirstPaint(messages);
        // The area introductions a signed-out visitor sees (decision 0193).
        for (const area of ['audience', 'streamer'] as const) {
          files[`area-intro.${area}.${locale}.html`] = intro.areaIntroFirstPaint(messages, area);
        }
        // The sign-in step a signed-out viewer lands on from a streamer page (by the server's sign-in options;
        // with the e-mail link only, its card too, with the dev-mailbox hint in embedded mode: decision 0192).
        const steps = {
          withProviders: ['withProviders', 'none'],
          emailOnly: ['emailOnly', 'email'],
          'emailOnly.devMailbox': ['emailOnly', 'emailWithDevMailbox'],
        } as const;
        for (const [name, [lead, card]] of Object.entries(steps)) {
          files[`signup-audience.${name}.${locale}.html`] = signup.signupFirstPaint(
            messages,
            'audience',
            lead,
            card,
          );
        }
      }
      await Promise.all([
        ...Object.entries(files).map(([name, markup]) => fs.writeFile(path.join(dir, name), markup)),
        drawProofPaint(dir, {
          ja: { drawProof: ja.ja.drawProof, drawHistory: ja.ja.drawHistory, exclusion: ja.ja.exclusion },
          en: { drawProof: en.en.drawProof, drawHistory: en.en.drawHistory, exclusion: en.en.exclusion },
        }),
      ]);
    },
  };
}

/**
 * `draw-proof.mjs`: `render(locale, draw, origin)` of `features/draws/draw-proof.first-paint.ts` with the proof
 * page's messages of both languages in it (the server has neither; decision 0194). Plain ESM for Node, no imports.
 */
async function drawProofPaint(dir: string, messages: Record<'ja' | 'en', DrawProofMessages>): Promise<void> {
  const contents = [
    `import { drawProofFirstPaint } from ${JSON.stringify(src('features/draws/draw-proof.first-paint.ts'))};`,
    `const messages = ${JSON.stringify(messages)};`,
    'export function render(locale, draw, origin) {',
    '  const known = locale === "en" ? "en" : "ja";',
    '  return drawProofFirstPaint(messages[known], draw, { origin, locale: known });',
    '}',
  ].join('\n');
  await bundle({
    stdin: { contents, loader: 'js', resolveDir: src('.') },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: path.join(dir, 'draw-proof.mjs'),
    logLevel: 'warning',
  });
}
