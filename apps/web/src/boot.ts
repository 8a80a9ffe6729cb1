// The app's stylesheets belong to the entry, so the built index.html links them in its head (render-blocking, as
// before): the server's first paint and the app draw with them from the first frame.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

/**
 * The entry of the web app (decision 0120). When the server drew the page's first paint, the browser shows it
 * before the app's scripts are evaluated: the app (`main.tsx`, fetched in parallel through the `modulepreload`
 * links the build puts in index.html) is started one frame later. A phone then shows the page while its main
 * thread is still free, and the page's largest paint does not wait for the script. Immediate for other pages.
 */
const start = () =>
  import('./main').catch((cause: unknown) => {
    // A new deploy replaced the chunk, or the network dropped it: a reload fetches the current build.
    console.error('The app failed to load', cause);
  });

if (document.querySelector('#root > [data-first-paint]')) {
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
} else {
  void start();
}
