import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorReport } from '@hanabi/api';
import { DRAND_QUICKNET, drandRoundTime } from '@hanabi/draw';
import { doctorCommand } from '../../commands/doctor.command.ts';
import { openPostgres } from '../../db/client.ts';
import { migrateCommand } from '../../db/migrate.ts';
import {
  freePort,
  startHanabi,
  startProductionStack,
  type ProductionStack,
} from '../../test/production-stack.ts';
import { startOutsideServices, type OutsideServices } from '../../test/outside-services.ts';

/*
 * `npm run doctor` against the production test stack (PostgreSQL, anvil with the token and the draw registry, an
 * SMTP sink) and working stand-ins for S3, Kubo and drand: healthy, every required check passes and it exits 0;
 * each system broken in turn gives that system's ✗ and exit 1; no secret of the configuration is ever printed.
 */

const SECRETS = {
  google: 'google-client-secret-never-printed',
  dbPassword: 'db-password-never-printed',
  smtpPassword: 'smtp-password-never-printed',
  rpcKey: 'rpcProviderKey0123456789abcdef',
};

describe('npm run doctor', () => {
  let stack: ProductionStack;
  let services: OutsideServices;
  let env: Record<string, string>;
  let closedPort: number;
  let now: number;

  beforeAll(async () => {
    stack = await startProductionStack('doctor', 'https://hanabi.example', { deployToken: true });
    services = await startOutsideServices();
    const registry = await stack.chain.deployDrawRegistry();
    closedPort = await freePort();
    // One second after the relay's latest round was due: this clock is in step with drand's schedule.
    now = drandRoundTime(DRAND_QUICKNET, services.round.round) * 1000 + 1000;
    env = {
      ...stack.env,
      HANABI_ROLE: 'doctor',
      TRUST_PROXY: '1',
      CHAIN_DRAW_REGISTRY_ADDRESS: registry,
      CHAIN_RPC_TIMEOUT_MS: '2000',
      S3_ENDPOINT: services.url,
      IPFS_RPC_URL: services.url,
      IPFS_GATEWAY_URL: `${services.url}/ipfs`,
      DRAND_URL: `${services.url}/drand`,
      GOOGLE_CLIENT_ID: 'doctor-google-client',
      GOOGLE_CLIENT_SECRET: SECRETS.google,
      GOOGLE_TOKEN_URL: `${services.url}/google/token`,
    };
  }, 180_000);
  afterAll(async () => {
    await services?.close();
    await stack?.close();
  });

  async function doctor(overrides: Record<string, string> = {}, args = ['--json']) {
    let output = '';
    const runEnv = { ...env, ...overrides };
    const code = await doctorCommand(args, {
      env: runEnv,
      write: (text) => (output += text),
      now: () => now,
    });
    // No secret of this run's configuration, in any form the report could carry it.
    for (const secret of [
      runEnv.AUTH_SECRET!,
      runEnv.S3_SECRET_ACCESS_KEY!,
      runEnv.CHAIN_SIGNER_KEY!,
      ...Object.values(SECRETS),
    ].filter(Boolean)) {
      expect(output).not.toContain(secret);
    }
    return { code, output, report: args.includes('--json') ? (JSON.parse(output) as DoctorReport) : null };
  }
  const check = (report: DoctorReport | null, id: string) => report!.checks.find((line) => line.id === id)!;

  it('fails the database check while migrations are pending, then passes once they are applied', async () => {
    const pending = await doctor();
    expect(pending.code).toBe(1);
    expect(check(pending.report, 'database')).toMatchObject({ status: 'fail', required: true });
    expect(check(pending.report, 'database').summary).toMatch(/migrations not applied/);
    await migrateCommand(() => openPostgres(stack.databaseUrl));

    const healthy = await doctor();
    const failed = healthy.report!.checks.filter((line) => line.status !== 'ok' && line.status !== 'skip');
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    expect(healthy.code).toBe(0);
    expect(healthy.report!.ok).toBe(true);
    const statuses = Object.fromEntries(healthy.report!.checks.map((line) => [line.id, line.status]));
    expect(statuses).toEqual({
      config: 'ok',
      origin: 'ok',
      database: 'ok',
      storage: 'ok',
      ipfs: 'ok',
      mail: 'ok',
      chain: 'ok',
      beacon: 'ok',
      youtube: 'skip',
      twitcasting: 'skip',
      google: 'ok',
      x: 'skip',
    });
    // The probes did their round trips and left no object behind; the IPFS probe stays pinned.
    expect(services.s3Objects.size).toBe(0);
    expect(services.pinned.size).toBe(1);
    expect(check(healthy.report, 'chain').details.join('\n')).toMatch(/covers ~\d+ deliveries \(28619 gas/);
    expect(check(healthy.report, 'google').details).toContain(
      'redirect URI https://hanabi.example/api/auth/callback/google',
    );
  });

  it('sends one e-mail with --send-test', async () => {
    const { code, report } = await doctor({}, ['--json', '--send-test', 'ops@hanabi.example']);
    expect(code).toBe(0);
    expect(check(report, 'mail').details).toContain('test e-mail sent to ops@hanabi.example');
    expect(stack.mails.some((mail) => mail.to.includes('ops@hanabi.example'))).toBe(true);
  });

  it('prints a line per system for people', async () => {
    const text = await doctor({}, []);
    expect(text.code).toBe(0);
    expect(text.output).toMatch(/^✓ Database: PostgreSQL answers; all \d+ migrations applied$/m);
    expect(text.output).toMatch(/^– YouTube: not configured/m);
    expect(text.output).toMatch(/All required checks passed\.\n$/);
  });

  const broken: Array<[string, string, () => Record<string, string>, RegExp]> = [
    [
      'a wrong database URL',
      'database',
      () => ({ DATABASE_URL: `postgres://hanabi:${SECRETS.dbPassword}@127.0.0.1:${closedPort}/hanabi` }),
      /PostgreSQL does not answer/,
    ],
    [
      'an unreachable S3',
      'storage',
      () => ({ S3_ENDPOINT: `http://127.0.0.1:${closedPort}` }),
      /S3 does not answer/,
    ],
    [
      'an unreachable IPFS node',
      'ipfs',
      () => ({ IPFS_RPC_URL: `http://127.0.0.1:${closedPort}` }),
      /Kubo does not answer/,
    ],
    [
      'an unreachable SMTP server',
      'mail',
      () => ({ SMTP_URL: `smtp://hanabi:${SECRETS.smtpPassword}@127.0.0.1:${closedPort}` }),
      /does not answer/,
    ],
    [
      'an unreachable chain RPC',
      'chain',
      () => ({ CHAIN_RPC_URL: `http://127.0.0.1:${closedPort}/v3/${SECRETS.rpcKey}` }),
      /chain RPC does not answer/,
    ],
    ['a wrong chain id', 'chain', () => ({ CHAIN_ID: '1' }), /the node is chain 31337, but CHAIN_ID is 1/],
    [
      'no contract at the address',
      'chain',
      () => ({ CHAIN_CONTRACT_ADDRESS: '0x000000000000000000000000000000000000dEaD' }),
      /no contract at 0x000000000000000000000000000000000000dEaD/,
    ],
    [
      'an http PUBLIC_ORIGIN in production',
      'origin',
      () => ({ PUBLIC_ORIGIN: 'http://hanabi.example' }),
      /is http in production/,
    ],
  ];

  it.each(broken)('names %s with its ✗ and exits 1', async (_what, id, overrides, summary) => {
    const { code, report } = await doctor(overrides());
    expect(code).toBe(1);
    expect(report!.ok).toBe(false);
    const line = check(report, id);
    expect(line).toMatchObject({ status: 'fail', required: true });
    expect(line.summary).toMatch(summary);
    expect(line.fix).toBeTruthy();
    // Only that system is broken.
    const others = report!.checks.filter((other) => other.status === 'fail' && other.id !== id);
    expect(others.map((other) => other.id)).toEqual([]);
  });

  it('refuses a drand round whose signature the pinned key does not verify', async () => {
    services.relay.lie = true;
    try {
      const { code, report } = await doctor();
      expect(code).toBe(1);
      expect(check(report, 'beacon')).toMatchObject({ status: 'fail' });
      expect(check(report, 'beacon').summary).toMatch(/no verified round/);
    } finally {
      services.relay.lie = false;
    }
  });

  it('reports a configuration that does not load, and exits 1', async () => {
    const { code, report } = await doctor({ AUTH_SECRET: '', SMTP_URL: 'http://not-smtp' });
    expect(code).toBe(1);
    expect(check(report, 'config').status).toBe('fail');
    expect(check(report, 'config').details.join('\n')).toMatch(/AUTH_SECRET: required in production/);
    expect(check(report, 'database').status).toBe('skip');
  });

  it('runs from the built server as HANABI_ROLE=doctor, exit code and all', async () => {
    const healthy = startHanabi(env, undefined);
    expect(await healthy.exited, healthy.output()).toBe(0);
    expect(healthy.output()).toMatch(/✓ Chain: chain 31337/);
    const broken = startHanabi({ ...env, S3_ENDPOINT: `http://127.0.0.1:${closedPort}` });
    expect(await broken.exited, broken.output()).toBe(1);
    expect(broken.output()).toMatch(/✗ File storage \(S3\): S3 does not answer/);
    expect(broken.output()).not.toContain(env.S3_SECRET_ACCESS_KEY);
  });
});
