// What the first paint needs belongs to the entry, so the built index.html links it in its head (render-blocking,
// ~5 KiB gzip): Mantine's CSS variables, baseline and global rules, and the app's own rules. The server's first
// paints draw with those alone (their own classes, decision 0120). Mantine's component styles (~30 KiB gzip)
// come with the app (`main.tsx`), which renders only once they are in (decision 0191). In the `mantine` layer,
// so the app's own rules win whatever order the stylesheets arrive in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/global.css';

/**
 * The entry of the web app (decision 0120). When the server drew the page's first paint, the browser shows it
 * before the app's scripts are even fetched: the server drops index.html's `modulepreload` links from such a page,
 * and the app (`main.tsx`, whose chunks the import preloads in parallel) and the route's scripts (listed by the
 * server in `<meta name="hanabi-preload">`) are started one frame later. The picture, the text and the stylesheet
 * have the phone's bandwidth to themselves, and its main thread is free while the first paint goes up. Every other
 * page starts the app at once, its chunks already preloaded by index.html.
 */
const start = () =>
  import('./main').catch((cause: unknown) => {
    // A new deploy replaced the chunk, or the network dropped it: a reload fetches the current build.
    console.error('The app failed to load', cause);
  });

function preloadRouteScripts(): void {
  const listed = document.querySelector<HTMLMetaElement>('meta[name="hanabi-preload"]')?.content ?? '';
  for (const href of listed.split(' ').filter((file) => file.startsWith('/assets/'))) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

if (document.querySelector('#root > [data-first-paint]')) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      preloadRouteScripts();
      void start();
    }, 0),
  );
} else {
  void start();
}
