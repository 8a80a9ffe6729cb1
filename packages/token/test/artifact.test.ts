// The committed artifacts (artifacts/<Contract>.json + the generated src/*.ts) must match the contract sources.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  hanabiDrawRegistryAbi,
  hanabiDrawRegistryBytecode,
  hanabiDrawRegistryDeployedBytecode,
  hanabiDrawRegistrySourceHash,
  hanabiTokenAbi,
  hanabiTokenBytecode,
  hanabiTokenDeployedBytecode,
  hanabiTokenSourceHash,
} from '../src/index.ts';
import { PACKAGE_ROOT } from '../scripts/solidity.mjs';

const run = promisify(execFile);
const COMPILE = join(PACKAGE_ROOT, 'scripts', 'compile.mjs');

/** Every contract with a committed artifact, and what src/index.ts exports of it. */
const CONTRACTS = [
  {
    name: 'HanabiToken',
    ts: 'artifact.ts',
    abiExport: 'hanabiTokenAbi',
    exported: {
      abi: hanabiTokenAbi,
      bytecode: hanabiTokenBytecode,
      deployedBytecode: hanabiTokenDeployedBytecode,
      sourceHash: hanabiTokenSourceHash,
    },
  },
  {
    name: 'HanabiDrawRegistry',
    ts: 'draw-registry-artifact.ts',
    abiExport: 'hanabiDrawRegistryAbi',
    exported: {
      abi: hanabiDrawRegistryAbi,
      bytecode: hanabiDrawRegistryBytecode,
      deployedBytecode: hanabiDrawRegistryDeployedBytecode,
      sourceHash: hanabiDrawRegistrySourceHash,
    },
  },
] as const;

/** Runs `node scripts/compile.mjs ...args`; resolves with the exit code and output instead of throwing. */
async function compile(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [COMPILE, ...args], { cwd: PACKAGE_ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const tmp = mkdtempSync(join(tmpdir(), 'hanabi-artifact-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('committed artifacts', () => {
  it('are all fresh (`node scripts/compile.mjs --check` exits 0)', async () => {
    const result = await compile('--check');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    for (const { name } of CONTRACTS) expect(result.stdout).toContain(`${name} artifact is fresh`);
  });

  it('--artifact and --artifact-ts need --contract, which must name a known contract', async () => {
    const withoutContract = await compile('--check', `--artifact=${join(tmp, 'x.json')}`);
    expect(withoutContract.code).toBe(1);
    expect(withoutContract.stderr).toContain('need --contract=');
    const unknown = await compile('--check', '--contract=Nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown --contract=Nope');
  });
});

describe.each(CONTRACTS)('committed $name artifact', ({ name, ts, abiExport, exported }) => {
  const ARTIFACT_JSON = join(PACKAGE_ROOT, 'artifacts', `${name}.json`);
  const ARTIFACT_TS = join(PACKAGE_ROOT, 'src', ts);
  const unit = `contracts/${name}.sol`;

  it(`src/${ts} carries the same ABI and bytecode as artifacts/${name}.json`, () => {
    const json = JSON.parse(readFileSync(ARTIFACT_JSON, 'utf8'));
    expect(json.contractName).toBe(name);
    expect(exported.abi).toEqual(json.abi);
    expect(exported.bytecode).toBe(json.bytecode);
    expect(exported.deployedBytecode).toBe(json.deployedBytecode);
    expect(exported.sourceHash).toBe(json.sourceHash);
    expect(json.compiler.version).toMatch(/^0\.8\.37\+/);
    expect(json.compiler.settings).toMatchObject({
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
    });
    expect(Object.keys(json.sources)).toContain(unit);
  });

  it('--check exits 1 with a clear message when the artifact is stale', async () => {
    const json = JSON.parse(readFileSync(ARTIFACT_JSON, 'utf8'));
    json.bytecode = `${json.bytecode.slice(0, -4)}0000`;
    json.sources[unit] = '0'.repeat(64);
    json.sourceHash = 'f'.repeat(64);
    const staleJson = join(tmp, `${name}.json`);
    const staleTs = join(tmp, ts);
    writeFileSync(staleJson, JSON.stringify(json, null, 2));
    writeFileSync(staleTs, readFileSync(ARTIFACT_TS, 'utf8').replace(abiExport, `${abiExport}Old`));

    const result = await compile(
      '--check',
      `--contract=${name}`,
      `--artifact=${staleJson}`,
      `--artifact-ts=${staleTs}`,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${name} artifact is STALE`);
    expect(result.stderr).toContain('sourceHash differs');
    expect(result.stderr).toContain(`source changed: ${unit}`);
    expect(result.stderr).toContain('bytecode differs');
    expect(result.stderr).toContain(`${ts} is missing or differs`);
    expect(result.stderr).toContain('npm run compile');
  });

  it('--check reports a missing artifact', async () => {
    const result = await compile(
      '--check',
      `--contract=${name}`,
      `--artifact=${join(tmp, 'nope.json')}`,
      `--artifact-ts=${ARTIFACT_TS}`,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nope.json is missing');
  });
});
