import { sql } from 'drizzle-orm';
import { seedDemo } from '../demo-seed/demo-seed.ts';
import { DEMO_USERS } from '../demo-seed/identity.seed.ts';
import type { SessionUser } from '../http/session.ts';
import { createTestContext, headerSessions, type TestContext } from './test-context.ts';
import type { IdPools } from './contract-arbitraries.ts';
import type { LivePlatform } from '@hanabi/api';

/*
 * The world the contract fuzzer and the generated access matrix run in (issue 20): the demo seed (a streamer with
 * goods, campaigns in every status, a live stream, a verified draw with winners, a manual distribution,
 * deliveries and held prizes; an audience member with follows, likes, a watchlist and notifications; an
 * operator), plus a second streamer who owns nothing — the one who must not reach the first one's objects.
 */

export const ROLES = ['signedOut', 'audience', 'streamer', 'streamer2', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export interface ContractWorld {
  ctx: TestContext;
  sessions: Record<Exclude<Role, 'signedOut'>, SessionUser>;
  /** Ids of the demo's objects, by what they are (first of each kind, owned by the demo streamer). */
  ids: {
    campaign: string;
    liveCampaign: string;
    goods: string;
    publishedGoods: string;
    draw: string;
    liveStreamCampaign: string;
    liveStream: { platform: LivePlatform; a: string; b: string };
    manualDistribution: string;
    audienceNotification: string;
    delivery: string;
    asset: string;
    winner: string;
  };
  headers(role: Role): Record<string, string>;
  pools(): Promise<IdPools>;
  /** Rows inserted, updated or deleted per table since the world was built (row-level triggers). */
  changes(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

type Row = Record<string, unknown>;

async function rows(world: TestContext, query: string): Promise<Row[]> {
  const result = (await world.container.database.db.execute(sql.raw(query))) as unknown as
    { rows: Row[] } | Row[];
  return Array.isArray(result) ? result : result.rows;
}

async function first(ctx: TestContext, query: string): Promise<Row> {
  const [row] = await rows(ctx, query);
  if (!row) throw new Error(`the demo seed has nothing for: ${query}`);
  return row;
}

export async function createContractWorld(env: Record<string, string> = {}): Promise<ContractWorld> {
  const ctx = await createTestContext('pglite', {
    sessions: headerSessions,
    env: { RATE_LIMIT_PER_MINUTE: '1000000', ...env },
  });
  await seedDemo(ctx.container);
  // The embedded chain deploys the token on first use and records it: done here, not inside a fuzzed request.
  await ctx.container.services.chain.ensureToken();
  const { identities, accounts } = ctx.container.repositories;

  const sessionOf = async (email: string): Promise<SessionUser> => {
    const authUserId = await identities.ensureEmailIdentity({ email, name: email });
    const account = (await accounts.findByAuthUserId(authUserId))!;
    return {
      userId: account.id,
      authUserId,
      email,
      type: account.type,
      role: account.role,
      viaCookie: false,
      signInMethod: 'email',
      sessionCreatedAt: new Date(),
    };
  };
  const demo = (type: string, role: string) => DEMO_USERS.find((u) => u.type === type && u.role === role)!;
  const secondEmail = 'second-streamer@example.com';
  const secondAuth = await identities.ensureEmailIdentity({ email: secondEmail, name: 'Second' });
  await accounts.create({
    authUserId: secondAuth,
    type: 'streamer',
    role: 'user',
    name: '二人目の配信者',
    bio: '',
    locale: 'ja',
    walletAddress: null,
  });
  const sessions = {
    streamer: await sessionOf(demo('streamer', 'user').email),
    streamer2: await sessionOf(secondEmail),
    audience: await sessionOf(demo('audience', 'user').email),
    operator: await sessionOf(demo('streamer', 'operator').email),
  };

  const stream = await first(
    ctx,
    'select campaign_id, platform, channel_id, broadcast_id from live_stream order by created_at limit 1',
  );
  const ids: ContractWorld['ids'] = {
    campaign: (await first(ctx, `select id from campaign where status = 'draft' limit 1`)).id as string,
    liveCampaign: (
      await first(ctx, `select id from campaign where status <> 'draft' order by starts_at limit 1`)
    ).id as string,
    goods: (await first(ctx, `select id from digital_goods order by created_at limit 1`)).id as string,
    publishedGoods: (await first(ctx, `select id from digital_goods where status = 'published' limit 1`))
      .id as string,
    draw: (await first(ctx, 'select id from draw limit 1')).id as string,
    liveStreamCampaign: stream.campaign_id as string,
    liveStream: {
      platform: stream.platform as LivePlatform,
      a: stream.channel_id as string,
      b: stream.broadcast_id as string,
    },
    manualDistribution: (await first(ctx, 'select id from manual_distribution limit 1')).id as string,
    audienceNotification: (
      await first(ctx, `select id from notification where user_id = '${sessions.audience.userId}' limit 1`)
    ).id as string,
    delivery: (await first(ctx, 'select id from delivery limit 1')).id as string,
    asset: (await first(ctx, 'select id from asset limit 1')).id as string,
    winner: (await first(ctx, 'select id from winner limit 1')).id as string,
  };

  // Every write to an app table bumps its counter: "a refused request changed no row" is then one cheap read.
  const tables = (
    await rows(
      ctx,
      `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )
  ).map((row) => row.table_name as string);
  await rows(ctx, 'create table fuzz_change (table_name text primary key, n bigint not null)');
  await rows(
    ctx,
    `create function fuzz_count() returns trigger language plpgsql as $$
     begin
       insert into fuzz_change values (TG_TABLE_NAME, 1)
         on conflict (table_name) do update set n = fuzz_change.n + 1;
       return null;
     end $$;`,
  );
  for (const table of tables) {
    await rows(
      ctx,
      `create trigger fuzz_count after insert or update or delete on "${table}" for each row execute function fuzz_count()`,
    );
  }

  return {
    ctx,
    sessions,
    ids,
    headers(role): Record<string, string> {
      if (role === 'signedOut') return {};
      return { 'x-test-user': JSON.stringify(sessions[role]) };
    },
    async pools() {
      const idRows = await rows(
        ctx,
        `select id from campaign union all select id from digital_goods union all select id from app_user
         union all select id from draw union all select id from manual_distribution union all select id from notification
         union all select id from delivery union all select id from asset union all select id from news
         union all select id from winner union all select id from held_claim`,
      );
      const platformRows = await rows(
        ctx,
        'select channel_id as id from live_stream union select broadcast_id from live_stream',
      );
      return {
        ids: idRows.map((row) => row.id as string),
        platformIds: platformRows.map((row) => row.id as string),
      };
    },
    async changes() {
      const counted = await rows(ctx, 'select table_name, n from fuzz_change');
      return new Map(counted.map((row) => [row.table_name as string, Number(row.n)]));
    },
    close: () => ctx.close(),
  };
}
