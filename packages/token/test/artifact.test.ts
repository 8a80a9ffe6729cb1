// The committed artifact (artifacts/HanabiToken.json + src/artifact.ts) must match the contract sources.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  hanabiTokenAbi,
  hanabiTokenBytecode,
  hanabiTokenDeployedBytecode,
  hanabiTokenSourceHash,
} from '../src/index.ts';
import { PACKAGE_ROOT } from '../scripts/solidity.mjs';

const run = promisify(execFile);
const COMPILE = join(PACKAGE_ROOT, 'scripts', 'compile.mjs');
const ARTIFACT_JSON = join(PACKAGE_ROOT, 'artifacts', 'HanabiToken.json');
const ARTIFACT_TS = join(PACKAGE_ROOT, 'src', 'artifact.ts');

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

describe('committed artifact', () => {
  it('is fresh (`node scripts/compile.mjs --check` exits 0)', async () => {
    const result = await compile('--check');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('fresh');
  });

  it('src/artifact.ts carries the same ABI and bytecode as artifacts/HanabiToken.json', () => {
    const json = JSON.parse(readFileSync(ARTIFACT_JSON, 'utf8'));
    expect(json.contractName).toBe('HanabiToken');
    expect(hanabiTokenAbi).toEqual(json.abi);
    expect(hanabiTokenBytecode).toBe(json.bytecode);
    expect(hanabiTokenDeployedBytecode).toBe(json.deployedBytecode);
    expect(hanabiTokenSourceHash).toBe(json.sourceHash);
    expect(json.compiler.version).toMatch(/^0\.8\.37\+/);
    expect(json.compiler.settings).toMatchObject({
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
    });
    expect(Object.keys(json.sources)).toContain('contracts/HanabiToken.sol');
  });

  it('--check exits 1 with a clear message when the artifact is stale', async () => {
    const json = JSON.parse(readFileSync(ARTIFACT_JSON, 'utf8'));
    json.bytecode = `${json.bytecode.slice(0, -4)}0000`;
    json.sources['contracts/HanabiToken.sol'] = '0'.repeat(64);
    json.sourceHash = 'f'.repeat(64);
    const staleJson = join(tmp, 'HanabiToken.json');
    const staleTs = join(tmp, 'artifact.ts');
    writeFileSync(staleJson, JSON.stringify(json, null, 2));
    writeFileSync(staleTs, readFileSync(ARTIFACT_TS, 'utf8').replace('hanabiTokenAbi', 'hanabiTokenAbiOld'));

    const result = await compile('--check', `--artifact=${staleJson}`, `--artifact-ts=${staleTs}`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('STALE');
    expect(result.stderr).toContain('sourceHash differs');
    expect(result.stderr).toContain('source changed: contracts/HanabiToken.sol');
    expect(result.stderr).toContain('bytecode differs');
    expect(result.stderr).toContain('artifact.ts is missing or differs');
    expect(result.stderr).toContain('npm run compile');
  });

  it('--check reports a missing artifact', async () => {
    const result = await compile(
      '--check',
      `--artifact=${join(tmp, 'nope.json')}`,
      `--artifact-ts=${ARTIFACT_TS}`,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nope.json is missing');
  });
});
