import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { draw } from '../../db/schema.ts';
import { DrawRegistry, type ChainAdapter, type Hash, type HexAddress } from '../../adapters/chain/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { JobDefinition } from '../../queue/job-definition.ts';
import type { DrawRecordPort, DrawRecordSeam } from './draw-record.ts';
import type { DrawRecordPayload } from './draw-schedule.jobs.ts';

/** How long an api waits for a worker to write a draw's record and finish it before answering 503. */
const HAND_OFF_WAIT_MS = 60_000;

/**
 * The draw registry for the draw engine (decision 0202), or none for practice draws (the chain beacon). A process
 * that signs writes records itself, holding the signer lock deliveries and token writes hold; an api without a
 * signer hands the draw to a worker (`draws.record`) and waits for it to finish.
 */
export function drawRecordSeam(ports: {
  config: AppConfig;
  db: Db;
  chain: Lazy<ChainAdapter>;
  registryAddress: () => Promise<HexAddress>;
  serialise: <T>(task: () => Promise<T>) => Promise<T>;
  queue: () => JobQueue;
  job: () => JobDefinition<typeof DrawRecordPayload>;
}): DrawRecordSeam | undefined {
  const { config } = ports;
  if (config.beacon.kind !== 'drand') return undefined;
  const signsHere = config.chain.kind === 'embedded' || config.chain.signer.kind !== 'none';
  let port: Promise<DrawRecordPort> | undefined;
  return {
    marginMs: config.drawRoundMarginMs,
    port: () => {
      port ??= (async () => {
        const registry = new DrawRegistry(await ports.chain.get(), await ports.registryAddress(), {
          serialise: ports.serialise,
        });
        const records: DrawRecordPort = {
          publish: (input) => registry.publish(input),
          read: (txHash) => registry.read(txHash as Hash),
        };
        return records;
      })().catch((error: unknown) => {
        port = undefined;
        throw error;
      });
      return port;
    },
    ...(signsHere
      ? {}
      : {
          handOff: async (drawId: string) => {
            await ports.queue().send(ports.job(), { drawId });
            const deadline = Date.now() + HAND_OFF_WAIT_MS;
            while (Date.now() < deadline) {
              await new Promise((resolve) => setTimeout(resolve, 250));
              const [row] = await ports.db
                .select({ status: draw.status, recorded: draw.recordTxHash })
                .from(draw)
                .where(eq(draw.id, drawId));
              if (!row || row.status !== 'closed' || row.recorded) return;
            }
            throw new AppError('UNAVAILABLE', 'The draw is being recorded on chain; it will finish shortly.');
          },
        }),
  };
}
