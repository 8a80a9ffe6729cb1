import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { draw, winner } from '../../db/schema.ts';
import { openTestDatabase, testBackends } from '../../test/test-context.ts';
import { insertCampaign, insertGoods, insertUser } from '../../test/live-entries.fixture.ts';
import { LIVE_EVENT_CHANNEL } from '../live-events/live-events.ts';
import { announceWinnerDeliveries } from './delivery-live-events.ts';

const dialect = new PgDialect();

/** Decision 0071: a delivery of a draw winner's prize changing state tells that campaign's live room. */
describe.each(testBackends())('winner deliveries announced to the live room on %s', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  let campaignId: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
    await runMigrations(database);
    const db = database.db;
    const streamer = await insertUser(db, { type: 'streamer' });
    const goods = await insertGoods(db, streamer);
    campaignId = await insertCampaign(db, { streamerId: streamer, goodsId: goods });
    const drawId = crypto.randomUUID();
    await db.insert(draw).values({
      id: drawId,
      campaignId,
      round: 1,
      status: 'revealed',
      commitment: 'c',
      secretSeed: 's',
      winnerCount: 1,
    });
    await db.insert(winner).values({
      id: crypto.randomUUID(),
      drawId,
      campaignId,
      position: 0,
      entrantKey: 'youtube:UCwin',
      platform: 'youtube',
      platformUserId: 'UCwin',
      displayName: 'Win',
      status: 'drawn',
      deliveryId: 'delivery-of-winner',
    });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** Runs the announcement, keeping the pg_notify payloads it sent (the statements still run). */
  async function announced(ids: string[]): Promise<unknown[]> {
    const payloads: unknown[] = [];
    const recording = {
      execute: (query: SQL) => {
        const { sql, params } = dialect.sqlToQuery(query);
        if (sql.includes('pg_notify')) {
          expect(params[0]).toBe(LIVE_EVENT_CHANNEL);
          payloads.push(JSON.parse(String(params[1])));
        }
        return database.db.execute(query);
      },
    };
    await announceWinnerDeliveries(recording as never, ids);
    return payloads;
  }

  it("sends a winners event to the winner's campaign, once per campaign", async () => {
    expect(await announced(['delivery-of-winner', 'delivery-of-winner'])).toEqual([
      { campaignId, event: { type: 'winners' } },
    ]);
  });

  it('says nothing for deliveries no draw winner has (manual distribution), or none at all', async () => {
    expect(await announced(['manual-delivery'])).toEqual([]);
    expect(await announced([])).toEqual([]);
  });
});
