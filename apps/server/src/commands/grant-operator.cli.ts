import '../polyfills.ts';
import { ConfigError, isEmbedded, loadConfig } from '../config.ts';
import { openDatabase } from '../container.ts';
import { runMigrations } from '../db/migrate.ts';
import { AccountRepository } from '../modules/account/index.ts';
import { IdentityRepository } from '../modules/identity/index.ts';
import { describeGrant, grantOperator } from '../modules/operator/index.ts';

// `npm run operator -- <email>`: grants the operator role on the configured database (the one `npm start` uses).
// With the embedded database, stop the server first: PGlite's data folder is opened by one process at a time.

const email = process.argv[2];
if (!email || !email.includes('@')) {
  process.stderr.write('Usage: npm run operator -- <email>\n');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const where = isEmbedded(config) ? `embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const database = await openDatabase(config);
let exitCode = 1;
try {
  await runMigrations(database);
  const result = await grantOperator(
    { identities: new IdentityRepository(database.db), accounts: new AccountRepository(database.db) },
    email,
  );
  const { message } = describeGrant(result);
  exitCode = describeGrant(result).exitCode;
  (exitCode === 0 ? process.stdout : process.stderr).write(`${message} [${where}]\n`);
} catch (error) {
  process.stderr.write(`Could not grant the operator role: ${(error as Error).message} [${where}]\n`);
} finally {
  await database.close();
}
process.exit(exitCode);
