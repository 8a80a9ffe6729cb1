import { z } from 'zod';
import { AdapterError, isAdapterError, kindForHttpStatus } from '../adapter-error.ts';
import type { BeaconAdapter, BeaconRound, BeaconValue } from './beacon.adapter.ts';

const ChainInfo = z.object({ period: z.number().int().positive(), genesis_time: z.number().int() });
type ChainInfo = z.infer<typeof ChainInfo>;
const Round = z.object({ round: z.number().int(), randomness: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * drand over HTTP (production). Round r is published at genesis + (r − 1)·period, so the first round after T
 * is ⌊(T − genesis)/period⌋ + 2: known at T, its value is not. The relay is trusted for the value; drand's BLS
 * signature of the round is public, so anyone can check the value the proof names against drand itself.
 */
export class DrandBeacon implements BeaconAdapter {
  private info: ChainInfo | undefined;

  constructor(
    private readonly options: {
      url: string;
      chainHash: string;
      timeoutMs?: number;
      fetch?: typeof fetch;
      sleep?: (ms: number) => Promise<void>;
      now?: () => number;
    },
  ) {}

  private get source(): string {
    return `drand:${this.options.chainHash}`;
  }

  static roundAfter(time: Date, info: ChainInfo): number {
    const seconds = Math.floor(time.getTime() / 1000);
    return Math.max(1, Math.floor((seconds - info.genesis_time) / info.period) + 2);
  }

  async roundAfter(time: Date): Promise<BeaconRound> {
    const info = await this.chainInfo();
    return { source: this.source, round: String(DrandBeacon.roundAfter(time, info)) };
  }

  async value(round: BeaconRound): Promise<BeaconValue> {
    const info = await this.chainInfo();
    const number = Number(round.round);
    const now = this.options.now ?? Date.now;
    const sleep = this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const dueMs = (info.genesis_time + (number - 1) * info.period) * 1000;
    if (dueMs > now()) await sleep(dueMs - now() + 200);
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = Round.safeParse(await this.get(`public/${number}`));
        if (!answer.success || answer.data.round !== number) {
          throw new AdapterError('permanent', 'beacon', `drand sent no value for round ${number}`);
        }
        return { ...round, value: answer.data.randomness };
      } catch (error) {
        // A relay a little behind answers 425 (or 404) for a round just due: ask again shortly.
        const retry = isAdapterError(error, 'retryable') || isAdapterError(error, 'rate-limited');
        if (attempt >= 5 || !retry) throw error;
        await sleep(1000 * (attempt + 1));
      }
    }
  }

  private async chainInfo(): Promise<ChainInfo> {
    if (this.info) return this.info;
    const parsed = ChainInfo.safeParse(await this.get('info'));
    if (!parsed.success) throw new AdapterError('permanent', 'beacon', 'drand chain info is malformed');
    return (this.info = parsed.data);
  }

  private async get(path: string): Promise<unknown> {
    const url = `${this.options.url}/${this.options.chainHash}/${path}`;
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (cause) {
      throw new AdapterError('retryable', 'beacon', `drand unreachable (${path})`, { cause });
    }
    if (!response.ok) {
      const kind = kindForHttpStatus(response.status);
      const mapped = response.status === 425 || kind === 'not-found' ? 'retryable' : kind;
      throw new AdapterError(mapped, 'beacon', `drand answered ${response.status} (${path})`);
    }
    try {
      return await response.json();
    } catch (cause) {
      throw new AdapterError('retryable', 'beacon', `drand sent no JSON (${path})`, { cause });
    }
  }
}
