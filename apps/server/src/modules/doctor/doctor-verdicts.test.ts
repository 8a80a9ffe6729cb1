import { describe, expect, it } from 'vitest';
import type { DoctorReport } from '@hanabi/api';
import { loadConfig } from '../../config.ts';
import { beaconVerdict } from './checks/beacon.check.ts';
import { coverage, GAS_PER_DELIVERY, GAS_PER_DRAW_COMMITMENT } from '../signer-funds/index.ts';
import { chainVerdict } from './checks/chain.check.ts';
import { migrationVerdict } from './checks/database.check.ts';
import { originVerdict } from './checks/origin.check.ts';
import { providerVerdict } from './checks/platforms.check.ts';
import { configSecrets, redactReport } from './doctor.service.ts';
import { exitCodeOf, formatReport } from './doctor-report.ts';
import { parseDoctorArgs } from '../../commands/doctor.command.ts';

const testConfig = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const REGISTRY = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const SIGNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const gwei = 1_000_000_000n;

const facts = (overrides: Partial<Parameters<typeof chainVerdict>[0]> = {}) => ({
  chainId: 137,
  signer: SIGNER as `0x${string}`,
  signerBalanceWei: 10n ** 18n,
  gasPriceWei: 30n * gwei,
  token: { address: TOKEN as `0x${string}`, hasCode: true, erc1155: true },
  drawRegistry: { address: REGISTRY as `0x${string}`, hasCode: true, genuine: true },
  ...overrides,
});
const expected = { chainId: 137, token: TOKEN, drawRegistry: REGISTRY, signerKind: 'local key' } as const;

describe('chain verdict', () => {
  it('passes a funded signer, the token and the genuine registry on the configured chain', () => {
    const verdict = chainVerdict(facts(), expected);
    expect(verdict.status).toBe('ok');
    // 1 ETH at 30 gwei: 10^18 / (30·10^9 · 28,619) deliveries, 10^18 / (30·10^9 · 84,003) draw commitments.
    expect(verdict.details.join('\n')).toContain('covers ~1164 deliveries');
    expect(verdict.details.join('\n')).toContain('~396 draw commitments');
  });

  it('counts what the balance covers with the measured gas', () => {
    expect(GAS_PER_DELIVERY).toBe(28_619n);
    expect(GAS_PER_DRAW_COMMITMENT).toEqual({ least: 56_984n, most: 84_003n });
    expect(coverage({ balanceWei: 84_003n * 2n * gwei, gasPriceWei: gwei })).toEqual({
      deliveries: 5n,
      draws: 2n,
    });
    expect(coverage({ balanceWei: 5n, gasPriceWei: 0n })).toBeNull();
  });

  it.each([
    ['another chain', facts({ chainId: 1 }), /the node is chain 1, but CHAIN_ID is 137/],
    ['no token', facts({ token: null }), /no token contract/],
    [
      'no code at the token',
      facts({ token: { address: TOKEN, hasCode: false, erc1155: false } }),
      /no contract at/,
    ],
    [
      'a non-ERC-1155 contract',
      facts({ token: { address: TOKEN, hasCode: true, erc1155: false } }),
      /ERC-1155/,
    ],
    ['no registry', facts({ drawRegistry: null }), /no draw registry/],
    [
      'a registry of other code',
      facts({ drawRegistry: { address: REGISTRY, hasCode: true, genuine: false } }),
      /not Hanabi's draw registry/,
    ],
    ['an empty signer', facts({ signerBalanceWei: 0n }), /cannot pay/],
  ] as const)('fails %s', (_what, found, summary) => {
    const verdict = chainVerdict(found as ReturnType<typeof facts>, expected);
    expect(verdict.status).toBe('fail');
    expect(verdict.summary).toMatch(summary);
    expect(verdict.fix).toBeTruthy();
  });

  it('warns when the balance covers less than a busy evening', () => {
    const verdict = chainVerdict(facts({ signerBalanceWei: 100n * 30n * gwei * GAS_PER_DELIVERY }), expected);
    expect(verdict.status).toBe('warn');
    expect(verdict.summary).toMatch(/balance is low \(~100 deliveries\)/);
  });
});

describe('origin verdict', () => {
  // Production's other requirements are beside the point here: only what the origin check reads is production's.
  const production = (env: Record<string, string>) => ({ ...testConfig(env), env: 'production' as const });

  it('passes an https origin with a trusted proxy, and lists the redirect URIs', () => {
    const verdict = originVerdict(production({ PUBLIC_ORIGIN: 'https://hanabi.example', TRUST_PROXY: '1' }));
    expect(verdict.status).toBe('ok');
    expect(verdict.details).toContain(
      'redirect URI youtube https://hanabi.example/api/oauth/youtube/callback',
    );
    expect(verdict.details).toContain('redirect URI x https://hanabi.example/api/auth/callback/twitter');
  });

  it.each([
    ['http in production', 'http://hanabi.example', /is http in production/],
    ['a path', 'https://hanabi.example/app', /has a path/],
    ['this machine', 'https://localhost', /names this machine/],
  ])('fails %s', (_what, origin, summary) => {
    const verdict = originVerdict(production({ PUBLIC_ORIGIN: origin, TRUST_PROXY: '1' }));
    expect(verdict.status).toBe('fail');
    expect(verdict.summary).toMatch(summary);
  });

  it('warns in production without TRUST_PROXY, and not outside production', () => {
    expect(originVerdict(production({ PUBLIC_ORIGIN: 'https://hanabi.example' })).status).toBe('warn');
    expect(originVerdict(testConfig({ PUBLIC_ORIGIN: 'http://localhost:3000' })).status).toBe('ok');
  });
});

describe('beacon verdict', () => {
  const latest = { round: 100, publishedAt: new Date(1_000_000), chain: 'quicknet', period: 3 };
  it('passes a clock within one period after the latest round', () => {
    expect(beaconVerdict(latest, 1_000_000 + 2_500).status).toBe('ok');
  });
  it('warns a clock behind or ahead of the schedule', () => {
    expect(beaconVerdict(latest, 1_000_000 - 5_000).summary).toMatch(/behind/);
    expect(beaconVerdict(latest, 1_000_000 + 60_000).summary).toMatch(/ahead of/);
    expect(beaconVerdict(latest, 1_000_000 + 60_000).status).toBe('warn');
  });
});

describe('migration verdict', () => {
  it('fails with the pending tags, passes with none', () => {
    const pending = migrationVerdict({ total: 25, pending: ['0024_dev_mail_headers'] });
    expect(pending.status).toBe('fail');
    expect(pending.summary).toBe('1 of 25 migrations not applied (0024_dev_mail_headers)');
    expect(migrationVerdict({ total: 25, pending: [] }).status).toBe('ok');
  });
});

describe('provider verdict', () => {
  const google = {
    name: 'Google sign-in',
    setting: 'GOOGLE_CLIENT_ID',
    clientId: 'client-1',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    redirectUri: 'https://hanabi.example/api/auth/callback/google',
    scopes: ['openid', 'email'],
  };
  it('is "–" when not configured, ✓ on any HTTP answer, ✗ on none', () => {
    expect(providerVerdict({ ...google, clientId: undefined }, null).status).toBe('skip');
    expect(providerVerdict(google, { reachable: true, status: 405 }).status).toBe('ok');
    const down = providerVerdict(google, { reachable: false, reason: 'ENOTFOUND' });
    expect(down.status).toBe('fail');
    expect(down.summary).toContain('ENOTFOUND');
    expect(down.details).toContain('scopes openid email');
  });
});

describe('the report', () => {
  const report = (status: 'ok' | 'fail' | 'warn', required: boolean): DoctorReport => ({
    ok: !(status === 'fail' && required),
    mode: 'production',
    checkedAt: '2026-01-01T00:00:00.000Z',
    checks: [
      {
        id: 'mail',
        status,
        required,
        summary: 's',
        fix: status === 'ok' ? null : 'f',
        details: [],
        durationMs: 1,
      },
    ],
  });
  it('exits 1 only for a failed required check', () => {
    expect(exitCodeOf(report('fail', true))).toBe(1);
    expect(exitCodeOf(report('fail', false))).toBe(0);
    expect(exitCodeOf(report('warn', true))).toBe(0);
    expect(formatReport(report('fail', true))).toMatch(/^✗ Mail \(SMTP\): s\n {4}→ f$/m);
  });

  it('cuts every configured secret and credential out of the text', () => {
    const config = testConfig({
      SMTP_URL: 'smtps://mailer:p%40ss-word-1@smtp.example:465',
      CHAIN_RPC_URL: 'https://polygon.example/v3/abcdef0123456789abcdef',
      CHAIN_SIGNER_KEY: `0x${'ab'.repeat(32)}`,
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'google-secret-value',
    });
    const secrets = configSecrets(config);
    const leaky = {
      ...report('fail', true),
      checks: [
        {
          ...report('fail', true).checks[0]!,
          summary: 'failed at https://polygon.example/v3/abcdef0123456789abcdef with p@ss-word-1',
          details: ['google-secret-value', `key 0x${'ab'.repeat(32)}`],
        },
      ],
    };
    const text = JSON.stringify(redactReport(leaky, secrets));
    for (const secret of ['abcdef0123456789abcdef', 'p@ss-word-1', 'google-secret-value', 'ab'.repeat(32)]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('the command line', () => {
  it('takes --json and --send-test <address>, and nothing else', () => {
    expect(parseDoctorArgs([])).toEqual({ json: false });
    expect(parseDoctorArgs(['--json', '--send-test', 'a@b.example'])).toEqual({
      json: true,
      sendTestTo: 'a@b.example',
    });
    expect(parseDoctorArgs(['--send-test'])).toBeNull();
    expect(parseDoctorArgs(['--send-test', 'not-an-address'])).toBeNull();
    expect(parseDoctorArgs(['--verbose'])).toBeNull();
  });
});
