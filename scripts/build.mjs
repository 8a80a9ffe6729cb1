// `npm run build`: rebuilds the web app and the server (all of it with --force).
import { assertNodeVersion, buildAll } from './lib/build-steps.mjs';

assertNodeVersion();
const ran = buildAll({ force: process.argv.includes('--force') });
if (ran.length === 0) console.log('Everything is up to date.');
