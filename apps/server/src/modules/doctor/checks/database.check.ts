import { pendingMigrations } from '../../../db/migrate.ts';
import {
  fail,
  ok,
  skip,
  type CheckOutcome,
  type DoctorCheckDefinition,
  type DoctorPorts,
} from '../doctor.types.ts';

export function migrationVerdict(state: { total: number; pending: string[] }): CheckOutcome {
  const applied = state.total - state.pending.length;
  if (state.pending.length > 0) {
    return fail(
      `${state.pending.length} of ${state.total} migrations not applied (${state.pending.join(', ')})`,
      'Run the migrate job with this version: `npm run migrate` (HANABI_ROLE=migrate)',
      [`applied ${applied} of ${state.total}`],
    );
  }
  return ok(`PostgreSQL answers; all ${state.total} migrations applied`);
}

/** PostgreSQL answers and has every committed migration (embedded PGlite: nothing outside to check). */
export function databaseCheck(ports: DoctorPorts): DoctorCheckDefinition {
  return {
    id: 'database',
    required: true,
    async run() {
      if (ports.config.database.kind === 'pglite') {
        return skip(`the embedded database in ${ports.config.database.dir} (production: DATABASE_URL)`);
      }
      let database;
      try {
        database = await ports.database();
        await database.ping();
      } catch (error) {
        return fail(
          `PostgreSQL does not answer: ${(error as Error).message}`,
          'Check DATABASE_URL (host, port, database, user, password) and that PostgreSQL accepts connections from here',
        );
      }
      return migrationVerdict(await pendingMigrations(database));
    },
  };
}
