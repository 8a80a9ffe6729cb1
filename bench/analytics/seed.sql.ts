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
  days: number;
}

export function seedStatements(size: BenchSize): string[] {
  const { users, campaigns, deliveries, transactions, heldClaims, days } = size;
  // A random moment in the last `days` days.
  const spread = `now() - random() * interval '${days} days'`;
  return [
    `insert into auth_user (id, name, email, created_at, updated_at)
       select 'a' || g, 'user ' || g, 'user' || g || '@bench.example', now(), now()
       from generate_series(1, ${users}) g`,
    // One in ten is a streamer; some have wallets, platform links, a few are operators or suspended.
    `insert into app_user (id, auth_user_id, type, role, name, wallet_address, youtube_channel_id,
         twitcasting_user_id, suspended_at, created_at)
       select 'u' || g, 'a' || g,
         case when g % 10 = 0 then 'streamer' else 'audience' end,
         case when g % 5000 = 0 then 'operator' else 'user' end,
         'user ' || g,
         case when g % 3 = 0 then '0x' || lpad(to_hex(g), 40, '0') end,
         case when g % 10 = 0 and g % 20 = 0 then 'UC' || g end,
         case when g % 10 = 0 and g % 20 <> 0 then 'tc' || g end,
         case when g % 997 = 0 then now() end,
         ${spread}
       from generate_series(1, ${users}) g`,
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
  ];
}
