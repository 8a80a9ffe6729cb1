// Offline Solidity compilation with the bundled `solc` npm package (standard JSON), shared by
// scripts/compile.mjs (the committed artifact) and the tests (test-only receiver contracts).
//
// Source unit names are package-relative ("contracts/HanabiToken.sol") or npm specifiers
// ("@openzeppelin/contracts/..."), never absolute paths, so the metadata hash (and with it the bytecode) does not
// depend on where the repository is checked out.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const require = createRequire(import.meta.url);

/** Root of packages/token. */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Compiler settings that affect the bytecode (outputSelection is added per compile). */
export const COMPILER_SETTINGS = Object.freeze({
  evmVersion: 'cancun',
  optimizer: Object.freeze({ enabled: true, runs: 200 }),
  viaIR: false,
  metadata: Object.freeze({ bytecodeHash: 'ipfs' }),
});

/** Full version string of the bundled compiler, e.g. "0.8.37+commit.….Emscripten.clang". */
export function compilerVersion() {
  return solc.version();
}

/** Directory of an npm package, resolved the way Node resolves it from this package. */
function packageDir(name) {
  return dirname(require.resolve(`${name}/package.json`));
}

/**
 * Reads a source unit: "@scope/pkg/..." from node_modules, anything else relative to packages/token.
 * Returns undefined if it cannot be found or tries to leave its root.
 */
export function readSourceUnit(unitName) {
  if (normalize(unitName).split(sep).includes('..')) return undefined;
  let file;
  if (unitName.startsWith('@')) {
    const [scope, pkg, ...rest] = unitName.split('/');
    if (!scope || !pkg || rest.length === 0) return undefined;
    try {
      file = join(packageDir(`${scope}/${pkg}`), ...rest);
    } catch {
      return undefined;
    }
  } else {
    file = join(PACKAGE_ROOT, unitName);
  }
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/**
 * Compiles `entries` (source unit names, e.g. ["contracts/HanabiToken.sol"]) and everything they import.
 * Throws with the compiler's formatted messages on any error.
 *
 * @returns {{ contracts: Record<string, Record<string, any>>, sources: Record<string, string> }}
 *   `contracts[unit][name]` is solc's output for that contract (abi, evm.bytecode.object, …);
 *   `sources[unit]` is the sha256 of every source unit that took part, sorted by unit name.
 */
export function compileSolidity(entries, { settings = COMPILER_SETTINGS } = {}) {
  const used = new Map();
  const sources = {};
  for (const unit of entries) {
    const content = readSourceUnit(unit);
    if (content === undefined) throw new Error(`Solidity source not found: ${unit}`);
    used.set(unit, content);
    sources[unit] = { content };
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      ...settings,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const findImports = (unit) => {
    const content = readSourceUnit(unit);
    if (content === undefined) return { error: `File not found: ${unit}` };
    used.set(unit, content);
    return { contents: content };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const hashes = {};
  for (const unit of [...used.keys()].sort()) hashes[unit] = sha256(used.get(unit));
  return { contracts: output.contracts ?? {}, sources: hashes };
}

/** sha256 over the compiler version, the settings and every source unit's hash. */
export function sourceHashOf(version, settings, sourceHashes) {
  return sha256(JSON.stringify({ version, settings, sources: sourceHashes }));
}
