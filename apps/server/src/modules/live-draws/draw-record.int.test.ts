import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilInstance } from '@hanabi/token';
import { DRAND_QUICKNET, commitmentOf, drandRoundTime, verifyDraw } from '@hanabi/draw';
import { concatHex, encodeAbiParameters, encodeEventTopics, parseAbiParameters, type Hex } from 'viem';
import { DRAW_COMMITTED_EVENT, recordCheckVia, type CommitmentRecord } from '@hanabi/draw/record';
import { QUICKNET_ROUND_12040883 as KAT } from '@hanabi/draw/quicknet-rounds';
import type { Database } from '../../db/client.ts';
import { draw } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { drawTestWorld, insertCampaignWithEntrants } from '../../test/draws.fixture.ts';
import { testBackends, testConfig } from '../../test/test-context.ts';
import { anvilDevKey } from '../../adapters/chain/embedded-chain.ts';
import { RpcChain } from '../../adapters/chain/rpc-chain.ts';
import { DrawRegistry } from '../../adapters/chain/index.ts';
import { DrandBeacon } from '../../adapters/beacon/index.ts';
import { DrawEngine } from './draw.engine.ts';
import { DrawsRepository } from './draws.repository.ts';
import { PublicDrawService } from './public-draw.service.ts';

/** The round this draw takes: its record goes out 12 s before it, the margin is 10 s. */
const PUBLISHED = drandRoundTime(DRAND_QUICKNET, KAT.round);
const CLOSED_AT = new Date((PUBLISHED - 12) * 1000);
const MARGIN_MS = 10_000;

describe.each(testBackends())('a drand draw publishes its record before its round, on %s', (backend) => {
  let database: Database;
  let streamerId: string;
  let goodsId: string;
  let anvil: AnvilInstance;
  let chain: RpcChain;
  let registry: DrawRegistry;
  const world = drawTestWorld(backend, '3');
  const log = createLogger(testConfig());

  beforeAll(async () => {
    ({ database, streamerId, goodsId } = world);
    anvil = await startAnvil();
    chain = new RpcChain({ rpcUrl: anvil.rpcUrl, chainId: 31337, signerKey: anvilDevKey(0) });
    registry = new DrawRegistry(chain, await chain.deployDrawRegistry());
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  /** The chain's clock: real rounds are signed for moments long past. */
  const chainTimeAt = (seconds: number) =>
    chain.publicClient.request({ method: 'anvil_setTime' as never, params: [seconds] as never });

  function engine() {
    const secret = '5a'.repeat(32);
    return new DrawEngine(
      database.db,
      {
        beacon: new DrandBeacon({
          url: 'https://relay.example',
          chainHash: DRAND_QUICKNET.chainHash,
          sleep: async () => {},
          now: () => CLOSED_AT.getTime(),
          fetch: (async () =>
            new Response(
              JSON.stringify({ round: KAT.round, randomness: KAT.randomness, signature: KAT.signature }),
              {
                status: 200,
              },
            )) as typeof fetch,
        }),
        record: {
          port: async () => ({
            publish: (input) => registry.publish(input),
            read: (txHash) => registry.read(txHash as `0x${string}`),
          }),
          marginMs: MARGIN_MS,
        },
        clock: () => CLOSED_AT,
        secret: async () => ({ secret, commitment: await commitmentOf(secret) }),
      },
      log,
    );
  }

  async function campaign() {
    const { campaignId } = await insertCampaignWithEntrants(database.db, {
      streamerId,
      goodsId,
      closedAt: CLOSED_AT,
      entrants: 20,
      prefix: `UCrecord${backend}`,
    });
    return campaignId;
  }

  const request = (campaignId: string) =>
    ({
      campaignId,
      count: 'remaining',
      trigger: 'manual',
      requestedBy: streamerId,
      platform: 'youtube',
    }) as const;

  it('names the round with the record, reveals, and a verifier reading the chain calls it verified', async () => {
    await chainTimeAt(PUBLISHED - 11);
    const done = await engine().run(request(await campaign()));
    expect(done).toMatchObject({ status: 'revealed', beaconRound: String(KAT.round), recordNumber: 1 });
    expect(done.recordTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.recordBlockTime!.getTime()).toBeLessThan(PUBLISHED * 1000);
    const proof = await new PublicDrawService(database.db, new DrawsRepository(database.db)).proof(done.id);
    expect(proof.record).toEqual({ chainId: 31337, registry: registry.address, txHash: done.recordTxHash });
    const verdict = await verifyDraw(proof, { record: recordCheckVia(anvil.rpcUrl) });
    expect(verdict.checks.filter((check) => !check.ok)).toEqual([]);
    expect(verdict.verdict).toBe('verified');

    // A contract of the operator's own logs the very same record, before the round: the event alone would pass.
    // It follows none of the registry's rules (it could log several secrets for one draw), so its code is refused.
    const genuine = await registry.read(done.recordTxHash as Hex);
    const lookalike = await deployEventEcho();
    const logged = await chain.walletClient.sendTransaction({
      account: chain.walletClient.account!,
      chain: null,
      to: lookalike,
      data: echoOf(genuine),
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: logged });
    const copied = { ...proof, record: { chainId: 31337, registry: lookalike, txHash: logged } };
    const refused = await verifyDraw(copied, { record: recordCheckVia(anvil.rpcUrl) });
    expect(refused.verdict).toBe('failed');
    expect(refused.checks.find((check) => check.name === 'record')?.actual).toMatch(
      /is not Hanabi's draw registry/,
    );
  });

  /**
   * A contract that logs whatever it is sent (calldata: four topics, then the event's data) — enough to write a
   * `DrawCommitted` event that looks like the registry's. Runtime: copy calldata[128:] to memory, LOG4 it.
   */
  async function deployEventEcho(): Promise<Hex> {
    const runtime = '36608090038060806000376060356040356020356000358460' + '00a400';
    const init = `0x601c80600b6000396000f3${runtime}` as Hex;
    const hash = await chain.walletClient.sendTransaction({
      account: chain.walletClient.account!,
      chain: null,
      data: init,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    return receipt.contractAddress!;
  }

  function echoOf(record: CommitmentRecord): Hex {
    const topics = encodeEventTopics({
      abi: DRAW_COMMITTED_EVENT,
      eventName: 'DrawCommitted',
      args: { campaignId: record.campaignId as Hex, number: record.number, drawId: record.drawId as Hex },
    }) as Hex[];
    const data = encodeAbiParameters(parseAbiParameters('bytes32, bytes32, uint64, bytes32, uint64, bytes'), [
      `0x${record.commitment}`,
      `0x${record.entrantsHash}`,
      BigInt(record.closedAt),
      `0x${record.beaconChain}`,
      BigInt(record.beaconRound),
      `0x${record.sealedSecret}`,
    ]);
    return concatHex([...topics, data]);
  }

  it('voids a draw whose record is mined once its round is public, visibly, and draws again', async () => {
    // A chain whose blocks come after the round: every record is late, so every attempt is void.
    await chainTimeAt(PUBLISHED + 5);
    const campaignId = await campaign();
    await expect(engine().run(request(campaignId))).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const draws = await database.db
      .select()
      .from(draw)
      .where(and(eq(draw.campaignId, campaignId)))
      .orderBy(asc(draw.round));
    // The first draw and three draws again, each public and numbered without gaps, each with its late record.
    expect(draws.map((row) => [row.round, row.status, row.failureCode, row.recordNumber])).toEqual([
      [1, 'failed', 'recordLate', 1],
      [2, 'failed', 'recordLate', 2],
      [3, 'failed', 'recordLate', 3],
      [4, 'failed', 'recordLate', 4],
    ]);
    expect(draws.every((row) => row.recordBlockTime!.getTime() >= PUBLISHED * 1000)).toBe(true);
    expect(draws.every((row) => row.beaconValue === null && row.seed === null)).toBe(true);
  });
});
