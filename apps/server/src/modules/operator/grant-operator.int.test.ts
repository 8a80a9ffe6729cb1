import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { serverPaths } from '../../paths.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { IdentityRepository } from '../identity/identity.repository.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { describeGrant, grantOperator } from './grant-operator.ts';

const run = promisify(execFile);
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

describe.each(testBackends())('granting the operator role on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('grants it to a signed-up user, once, and explains unknown addresses', async () => {
    const { identities, accounts } = ctx.container.repositories;
    const authUserId = await identities.ensureEmailIdentity({ email: 'staff@example.com', name: 'スタッフ' });
    const user = await accounts.create({ authUserId, type: 'audience', name: 'スタッフ' });
    const first = await grantOperator({ identities, accounts }, ' Staff@Example.com ');
    expect(first).toEqual({
      outcome: 'granted',
      userId: user.id,
      name: 'スタッフ',
      email: 'staff@example.com',
    });
    expect((await accounts.findById(user.id))?.role).toBe('operator');
    expect((await grantOperator({ identities, accounts }, 'staff@example.com')).outcome).toBe(
      'already-operator',
    );

    const unknown = await grantOperator({ identities, accounts }, 'nobody@example.com');
    expect(describeGrant(unknown)).toEqual({
      message: expect.stringContaining('No one signs in with'),
      exitCode: 1,
    });
    await identities.ensureEmailIdentity({ email: 'halfway@example.com', name: '' });
    expect((await grantOperator({ identities, accounts }, 'halfway@example.com')).outcome).toBe(
      'not-signed-up',
    );
  });
});

describe('npm run operator -- <email>', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-operator-'));
    const database = await openPglite(path.join(dataDir, 'pg'));
    try {
      await runMigrations(database);
      const identities = new IdentityRepository(database.db);
      const authUserId = await identities.ensureEmailIdentity({ email: 'cli@example.com', name: 'CLI' });
      await new AccountRepository(database.db).create({ authUserId, type: 'streamer', name: 'CLI さん' });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const cli = (email: string) =>
    run(process.execPath, [tsxCli, 'src/commands/grant-operator.cli.ts', email], {
      cwd: serverPaths.root,
      env: { ...process.env, HANABI_DATA_DIR: dataDir, INIT_CWD: '', LOG_LEVEL: 'silent' },
    });

  it('opens the configured database, grants, and says what it did', async () => {
    const { stdout } = await cli('cli@example.com');
    expect(stdout).toMatch(
      /^Granted the operator role to CLI さん <cli@example.com> \(user [0-9a-f-]+\)\. \[embedded database in /,
    );
    const database = await openPglite(path.join(dataDir, 'pg'));
    try {
      const identity = await new IdentityRepository(database.db).findByEmail('cli@example.com');
      expect((await new AccountRepository(database.db).findByAuthUserId(identity!.id))?.role).toBe(
        'operator',
      );
    } finally {
      await database.close();
    }
  });

  it('fails clearly for an unknown e-mail', async () => {
    const failure = await cli('stranger@example.com').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('No one signs in with stranger@example.com');
  });
});
