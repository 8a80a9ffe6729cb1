/**
 * Set-based seed for the analytics benchmark: every table is filled by one INSERT … SELECT over
 * generate_series, spread over `days` days before now, so the database does the work in seconds.
 */
export interface BenchSize {
  users: number;
  campaigns: number;
  deliveries: number;
  transactions: number;
  heldClaims: number;
  /** Live chat messages, spread over one or two streams per campaign (by the campaign's platforms). */
  comments: number;
  days: number;
}

export function seedStatements(size: BenchSize): string[] {
  const { users, campaigns, deliveries, transactions, heldClaims, comments, days } = size;
  // A random moment in the last `days` days.
  const spread = `now() - random() * interval '${days} days'`;
  return [
    `insert into auth_user (id, name, email, created_at, updated_at)
       select 'a' || g, 'user ' || g, 'user' || g || '@bench.example', now(), now()
       from generate_series(1, ${users}) g`,
    // One in ten is a streamer; some have wallets, platform links, a few are operators or suspended.
    `insert into app_user (id, auth_user_id, type, role, name, wallet_address, suspended_at, created_at)
       select 'u' || g, 'a' || g,
         case when g % 10 = 0 then 'streamer' else 'audience' end,
         case when g % 5000 = 0 then 'operator' else 'user' end,
         'user ' || g,
         case when g % 3 = 0 then '0x' || lpad(to_hex(g), 40, '0') end,
         case when g % 997 = 0 then now() end,
         ${spread}
       from generate_series(1, ${users}) g`,
    `insert into platform_identity (platform, platform_user_id, user_id)
       select case when g % 20 = 0 then 'youtube' else 'twitcasting' end,
         case when g % 20 = 0 then 'UC' || g else 'tc' || g end, 'u' || g
       from generate_series(10, ${users}, 10) g`,
    `insert into digital_goods (id, streamer_id, name, supply, status, token_id, created_at)
       select 'g' || g, 'u' || ((g % (${users} / 10)) * 10 + 10), 'goods ' || g, 1000, 'published', g, ${spread}
       from generate_series(1, ${campaigns}) g`,
    `insert into campaign (id, streamer_id, title, status, starts_at, ends_at, platforms,
         prize_digital_goods_id, copies_per_winner, winner_count, entry_rule, draw_mode, created_at)
       select 'c' || g, 'u' || ((g % (${users} / 10)) * 10 + 10), 'campaign ' || g,
         (array['draft', 'scheduled', 'live', 'ended'])[1 + g % 4],
         s, s + (1 + g % 14) * interval '1 day',
         case when g % 2 = 0 then array['youtube'] else array['youtube', 'twitcasting'] end,
         'g' || g, 1, 10, '{}'::jsonb, 'manual', s
       from (select g, now() - random() * interval '${days} days' as s from generate_series(1, ${campaigns}) g) t`,
    `insert into chain_tx (id, chain_id, signer, nonce, contract_address, token_id, amount, recipient_count,
         raw_tx, tx_hash, tx_hashes, gas_limit, max_fee_per_gas, max_priority_fee_per_gas, signed_at_block,
         status, gas_used, created_at, finished_at)
       select 't' || g, 31337, '0xSigner', g, '0xContract', 1 + g % ${campaigns}, 1, 10, '0x', '0x' || g,
         array['0x' || g], 3000000, 1, 1, g,
         case when g % 50 = 0 then 'reverted' else 'confirmed' end,
         200000 + (g % 1000) * 100, f - interval '1 minute', f
       from (select g, now() - random() * interval '${days} days' as f from generate_series(1, ${transactions}) g) t`,
    `insert into delivery (id, idempotency_key, source, digital_goods_id, token_id, amount, recipient_user_id,
         recipient_address, campaign_id, status, chain_tx_id, gas_used, created_at, updated_at)
       select 'd' || g, 'bench:' || g, 'draw', 'g' || (1 + g % ${campaigns}), 1 + g % ${campaigns}, 1,
         'u' || (1 + g % ${users}), '0xRecipient', 'c' || (1 + g % ${campaigns}),
         (array['confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'submitted',
                'queued', 'failed', 'cancelled'])[1 + g % 10],
         't' || (1 + g % ${transactions}), 20000, c, c
       from (select g, now() - random() * interval '${days} days' as c from generate_series(1, ${deliveries}) g) t`,
    `insert into held_claim (id, source, digital_goods_id, token_id, amount, platform, platform_user_id,
         source_ref, status, delivery_id, created_at, released_at)
       select 'h' || g, 'draw', 'g' || (1 + g % ${campaigns}), 1 + g % ${campaigns}, 1,
         (array['youtube', 'twitcasting', 'hanabi'])[1 + g % 3], 'p' || g, 'h' || g,
         (array['held', 'released', 'released', 'cancelled'])[1 + g % 4],
         case when g % 4 in (1, 2) then 'd' || (1 + g % ${deliveries}) end,
         c, case when g % 4 in (1, 2) then c + interval '2 days' end
       from (select g, now() - random() * interval '${days} days' as c from generate_series(1, ${heldClaims}) g) t`,
    ...liveStatements(comments),
  ];
}

/**
 * Live data shaped like chat: one stream per campaign and platform (quota on YouTube ones, counted on the
 * stream's Pacific start day; last polled when it ended, two hours in), comments in the first two hours of the stream from a pool of 25 commenters per
 * stream (so a person comments a few times), 1 % deleted; every ended campaign has a revealed draw at its end
 * whose entrants are its commenters, the first ten of them winners in mixed states.
 */
function liveStatements(comments: number): string[] {
  return [
    `insert into live_stream (id, campaign_id, platform, channel_id, broadcast_id, status, quota_used, quota_day,
         started_at, created_at, updated_at)
       select 's' || row_number() over (order by c.id, p.platform), c.id, p.platform, 'ch', c.id, 'ended',
         case when p.platform = 'youtube' then (hashtext(c.id) & 4095) else 0 end,
         case when p.platform = 'youtube' then to_char(c.starts_at at time zone 'America/Los_Angeles', 'YYYY-MM-DD') end,
         c.starts_at, c.starts_at, c.starts_at + interval '2 hours'
       from campaign c cross join unnest(c.platforms) as p(platform)`,
    `insert into live_quota_usage (live_stream_id, quota_day, units)
       select id, quota_day, quota_used from live_stream where quota_day is not null and quota_used > 0`,
    `insert into live_comment (id, platform, broadcast_id, platform_message_id, author_platform_id, author_name,
         text, published_at, created_at, deleted_at)
       select 'm' || g, s.platform, s.broadcast_id, 'm' || g, 'p' || ((n.k * 13 + (g / n.total) % 25) % 200000), 'viewer', 'hello',
         s.started_at + t.offset_, s.started_at + t.offset_ + interval '2 seconds',
         case when g % 100 = 0 then s.started_at + t.offset_ + interval '1 minute' end
       from generate_series(1, ${comments}) g
       cross join (select count(*) as total from live_stream) n0
       cross join lateral (select 1 + g % n0.total as k, n0.total as total) n
       join live_stream s on s.id = 's' || n.k
       cross join lateral (select random() * interval '2 hours' as offset_) t`,
    `insert into draw (id, campaign_id, round, status, commitment, secret_seed, entrant_count, winner_count,
         platform, created_at, closed_at, revealed_at)
       select 'dr' || c.id, c.id, 1, 'revealed', 'c', 's', 0, 10, c.platforms[1], c.ends_at, c.ends_at, c.ends_at
       from campaign c where c.status = 'ended'`,
    // Set-based (hash joins): a lateral per draw re-plans against the not yet analysed comment table.
    `insert into draw_entrant (draw_id, position, entrant_key, display_name)
       select d.id, row_number() over (partition by d.id order by k.key) - 1, k.key, 'viewer'
       from (
         select distinct s.campaign_id, s.platform || ':' || lc.author_platform_id as key
         from live_comment lc join live_stream s on s.platform = lc.platform and s.broadcast_id = lc.broadcast_id
         where lc.deleted_at is null
       ) k
       join draw d on d.campaign_id = k.campaign_id`,
    `insert into winner (id, draw_id, campaign_id, position, entrant_key, platform, platform_user_id, display_name,
         status, held_claim_id, created_at)
       select 'w' || e.draw_id || '-' || e.position, e.draw_id, d.campaign_id, e.position, e.entrant_key,
         split_part(e.entrant_key, ':', 1), split_part(e.entrant_key, ':', 2), 'viewer',
         (array['delivered', 'delivered', 'delivered', 'held', 'queued', 'failed', 'excluded', 'delivered',
                'submitted', 'drawn'])[1 + e.position],
         case when e.position in (3, 7) then 'h' || e.position end, d.revealed_at
       from draw_entrant e join draw d on d.id = e.draw_id
       where e.position < 10`,
  ];
}
