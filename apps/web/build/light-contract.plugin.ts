import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const contractEntry = fileURLToPath(new URL('../../../packages/api/src/index.ts', import.meta.url));
const LIGHT_ID = '\0hanabi-api-light';

interface RouteLike {
  method: string;
  path: string;
}

/**
 * The light route table the production browser calls the API with: each route's method and path, derived from
 * the contract (`@hanabi/api`'s `apiRoutes`) when the build starts, so the contract stays the single source.
 */
export function lightRouteTable(routes: Record<string, RouteLike>): Record<string, RouteLike> {
  return Object.fromEntries(
    Object.entries(routes).map(([name, route]) => [name, { method: route.method, path: route.path }]),
  );
}

/** True for a value the light module may inline: plain data (no schema, function, class instance). */
function isPlainData(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as object).every(isPlainData);
}

/** A table of route definitions (`apiRoutes`, each feature's `…Routes`, `authEndpoints`). */
function isRouteTable(value: unknown): value is Record<string, RouteLike> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const routes = Object.values(value as object) as unknown[];
  return (
    routes.length > 0 &&
    routes.every(
      (route) =>
        typeof route === 'object' &&
        route !== null &&
        typeof (route as RouteLike).method === 'string' &&
        typeof (route as RouteLike).path === 'string' &&
        'response' in route,
    )
  );
}

/**
 * The source of the module the production web app gets for `@hanabi/api`: the light route tables, plain
 * constants inlined (so no contract file, hence no zod, is needed for them), a structural `isErrorEnvelope`,
 * and every other export (schemas, helpers) re-exported from the contract, where only the lazy chunks that use
 * one pull its file (the package is `sideEffects: false`).
 */
export function lightContractSource(contract: Record<string, unknown>, entry: string): string {
  const lines: string[] = [];
  const reexported: string[] = [];
  for (const [name, value] of Object.entries(contract).sort(([a], [b]) => a.localeCompare(b))) {
    if (isRouteTable(value)) {
      lines.push(`export const ${name} = ${JSON.stringify(lightRouteTable(value))};`);
    } else if (name === 'isErrorEnvelope') {
      // The client only needs to tell the server's envelope from any other body (a proxy's error page).
      lines.push(
        'export function isErrorEnvelope(value) {',
        '  const error = value && typeof value === "object" ? value.error : undefined;',
        '  return !!error && typeof error === "object" && typeof error.code === "string" &&',
        '    Object.hasOwn(errorCodes, error.code) && typeof error.message === "string";',
        '}',
      );
      if (!('errorCodes' in contract)) throw new Error('the contract has no errorCodes');
    } else if (isPlainData(value)) {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    } else {
      reexported.push(name);
    }
  }
  if (reexported.length > 0) lines.push(`export { ${reexported.join(', ')} } from ${JSON.stringify(entry)};`);
  return lines.join('\n');
}

/**
 * Production builds only (decision 0100): the web app's `import … from '@hanabi/api'` gets the module of
 * `lightContractSource`, so zod and the schemas of ~200 routes leave the first load. The answers of the API are
 * then not validated in the browser; dev and the web tests (vitest, serve mode) keep the full contract and
 * validate every answer. Modules that still use a schema (the live room's event parsing, the IPFS page) pull
 * zod into their own lazy chunks.
 */
export function lightContract(): Plugin {
  let source = '';
  return {
    name: 'hanabi-light-contract',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const { module } = await runnerImport<Record<string, unknown>>(contractEntry);
      source = lightContractSource({ ...module }, contractEntry);
    },
    resolveId(source, importer) {
      if (source !== '@hanabi/api' || !importer || importer === LIGHT_ID) return null;
      if (!importer.includes('/apps/web/src/')) return null;
      return LIGHT_ID;
    },
    load(id) {
      return id === LIGHT_ID ? source : null;
    },
  };
}
