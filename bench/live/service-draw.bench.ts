/**
 * The full service draw (part of `npm run bench:live`): on PostgreSQL (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), a private schema with one campaign whose two streams hold
 * BENCH_DRAW_ENTRANTS (default 10⁵) distinct commenters plus 20 % repeat comments, some of them linked Hanabi
 * users; then the draw engine runs one draw of 10 winners end to end — open, the entrant freeze
 * (`INSERT … SELECT` with the entry rule, cross-platform keys and cooldown), H in SQL, a fixed beacon, the reveal —
 * and the proof is read back and verified. Goal: the draw under 5 s for 10⁵ entrants on the 2-core machine.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { verifyDraw } from '../../packages/draw/src/index.ts';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { DrawEngine } from '../../apps/server/src/modules/live-draws/draw.engine.ts';
import { DrawsRepository } from '../../apps/server/src/modules/live-draws/draws.repository.ts';
import { PublicDrawService } from '../../apps/server/src/modules/live-draws/public-draw.service.ts';
import {
  insertCampaign,
  insertGoods,
  insertStream,
  insertUser,
} from '../../apps/server/src/test/live-entries.fixture.ts';

const GOAL_MS = 5000;
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const entrants = Number(process.env.BENCH_DRAW_ENTRANTS ?? '100000');
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main() {
  const schema = `bench_draw_${crypto.randomBytes(4).toString('hex')}`;
  const database = await openPostgres(url, 4, schema);
  try {
    await runMigrations(database);
    const db = database.db;
    const streamer = await insertUser(db, { type: 'streamer' });
    const goods = await insertGoods(db, streamer, { status: 'published', tokenId: '1' });
    const campaignId = await insertCampaign(db, {
      streamerId: streamer,
      goodsId: goods,
      winnerCount: 10,
      rule: { keyword: '', cooldownDays: 30 },
      startsAt: new Date(Date.now() - 86_400_000),
    });
    const youtube = await insertStream(db, { campaignId, platform: 'youtube' });
    const twitcasting = await insertStream(db, { campaignId, platform: 'twitcasting' });
    const seedStarted = performance.now();
    // Half on each platform, 1 % of them linked users commenting on both, 20 % repeat comments.
    await database.pool!.query(
      `insert into live_comment (id, platform, broadcast_id, platform_message_id, author_platform_id, author_name,
         text, published_at)
       select gen_random_uuid()::text, case when i % 2 = 0 then 'youtube' else 'twitcasting' end,
         case when i % 2 = 0 then $1 else $2 end, 'm' || i || '-' || r,
         case when i % 2 = 0 then 'UC' || lpad(i::text, 22, '0') else (1000000000 + i)::text end,
         'viewer ' || i, 'hello #' || r, now() - (i % 3600) * interval '1 second'
       from generate_series(1, $3::int) as i, generate_series(1, case when random() < 0.2 then 2 else 1 end) as r`,
      [youtube.broadcastId, twitcasting.broadcastId, entrants],
    );
    await database.pool!.query(
      `insert into auth_user (id, name, email) select 'a' || i, 'x', 'a' || i || '@example.com'
       from generate_series(2, $1::int, 200) as i`,
      [entrants],
    );
    await database.pool!.query(
      `insert into app_user (id, auth_user_id, type, name)
       select 'u' || i, 'a' || i, 'audience', 'linked ' || i from generate_series(2, $1::int, 200) as i`,
      [entrants],
    );
    // Each linked person holds a YouTube channel and a TwitCasting account (decision 0228: rows, not columns).
    await database.pool!.query(
      `insert into platform_identity (platform, platform_user_id, user_id)
       select 'youtube', 'UC' || lpad(i::text, 22, '0'), 'u' || i from generate_series(2, $1::int, 200) as i
       union all
       select 'twitcasting', (1000000000 + i + 1)::text, 'u' || i from generate_series(2, $1::int, 200) as i`,
      [entrants],
    );
    await database.pool!.query('analyze');
    console.log(
      `\nService draw: ${entrants.toLocaleString('en-US')} commenters seeded in ${ms(performance.now() - seedStarted)}` +
        ` (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`,
    );

    const engine = new DrawEngine(
      db,
      {
        beacon: {
          // The chain's label: the engine reveals only with a beacon every proof reader can parse.
          roundAfter: async () => ({ source: 'chain:31337', round: '1' }),
          value: async (round) => ({ ...round, value: 'ab'.repeat(32) }),
        },
      },
      createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', HANABI_DEMO: '0' })),
    );
    const started = performance.now();
    const done = await engine.run({
      campaignId,
      count: 10,
      trigger: 'manual',
      requestedBy: null,
      platform: 'youtube',
    });
    const drawMs = performance.now() - started;
    const proofStarted = performance.now();
    const proof = await new PublicDrawService(db, new DrawsRepository(db)).proof(done.id);
    const verified = await verifyDraw(proof);
    const proofMs = performance.now() - proofStarted;
    console.log(
      `  draw of 10 among ${done.entrantCount!.toLocaleString('en-US')} entrants: ${ms(drawMs)}` +
        ` (goal ${ms(GOAL_MS)} — ${drawMs < GOAL_MS ? 'met' : 'MISSED'});` +
        ` proof read + verified in ${ms(proofMs)}: ${verified.ok ? 'ok' : 'NOT VERIFIED'}`,
    );
    if (drawMs >= GOAL_MS || !verified.ok) process.exitCode = 1;
  } finally {
    await database.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`drop schema if exists ${schema}_boss cascade`);
    await admin.end();
  }
}

await main();
