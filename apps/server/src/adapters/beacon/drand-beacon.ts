import { z } from 'zod';
import {
  DRAND_CHAINS,
  drandRoundAfter,
  drandRoundTime,
  verifyDrandSignature,
  type DrandChain,
} from '@hanabi/draw';
import { AdapterError, isAdapterError, kindForHttpStatus } from '../adapter-error.ts';
import type { BeaconAdapter, BeaconRound, BeaconValue } from './beacon.adapter.ts';

const Round = z.object({
  round: z.number().int(),
  randomness: z.string().regex(/^[0-9a-f]{64}$/),
  signature: z.string(),
  /** Chained chains only (default); unchained relays (quicknet) omit it. */
  previous_signature: z.string().optional(),
});

/**
 * drand over HTTP (production), on either pinned chain (quicknet or the chained default; `DRAND_CHAIN_HASH`). Round
 * r is published at genesis + (r − 1)·period of that chain, so the first round after T is known at T, its value is
 * not. The relay is not trusted: each round's BLS signature (with, on a chained chain, the previous signature it
 * signs) is checked against the chain's public key pinned in `@hanabi/draw` (the same check the proof page and
 * verify-draw run; decisions 0170, 0199), and a
 * round that fails is never answered — asked again a few times (a relay may be broken or lying; another answer
 * may hold), then a retryable error: the draw stays closed and is finished later, never revealed with it.
 */
export class DrandBeacon implements BeaconAdapter {
  private readonly chain: DrandChain;

  constructor(
    private readonly options: {
      url: string;
      chainHash: string;
      timeoutMs?: number;
      fetch?: typeof fetch;
      sleep?: (ms: number) => Promise<void>;
      now?: () => number;
    },
  ) {
    const chain = DRAND_CHAINS[options.chainHash];
    if (!chain) throw new Error(`drand chain ${options.chainHash} has no pinned public key`);
    this.chain = chain;
  }

  private get source(): string {
    return `drand:${this.chain.chainHash}`;
  }

  async roundAfter(time: Date): Promise<BeaconRound> {
    return { source: this.source, round: String(drandRoundAfter(this.chain, time)) };
  }

  async value(round: BeaconRound): Promise<BeaconValue> {
    const number = Number(round.round);
    const now = this.options.now ?? Date.now;
    const sleep = this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const dueMs = drandRoundTime(this.chain, number) * 1000;
    if (dueMs > now()) await sleep(dueMs - now() + 200);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return { ...round, ...(await this.verified(number, await this.get(`public/${number}`))) };
      } catch (error) {
        // A relay a little behind answers 425 (or 404) for a round just due: ask again shortly.
        const retry = isAdapterError(error, 'retryable') || isAdapterError(error, 'rate-limited');
        if (attempt >= 5 || !retry) throw error;
        await sleep(1000 * (attempt + 1));
      }
    }
  }

  /**
   * The relay's latest round, verified like any other (the doctor's probe): its number, when drand published it
   * by the chain's schedule, and the chain it is on. Not retried: a probe reports what the relay answers now.
   */
  async latest(): Promise<{ round: number; publishedAt: Date; chain: string; period: number }> {
    const raw = await this.get('public/latest');
    const round = Round.safeParse(raw);
    if (!round.success) throw new AdapterError('permanent', 'beacon', 'drand sent no round (public/latest)');
    await this.verified(round.data.round, raw);
    return {
      round: round.data.round,
      publishedAt: new Date(drandRoundTime(this.chain, round.data.round) * 1000),
      chain: this.chain.name,
      period: this.chain.period,
    };
  }

  /** The round's value from a relay's answer, once its signature holds against the pinned key. */
  private async verified(
    number: number,
    raw: unknown,
  ): Promise<Pick<BeaconValue, 'value' | 'signature' | 'previousSignature'>> {
    const answer = Round.safeParse(raw);
    if (!answer.success || answer.data.round !== number) {
      throw new AdapterError('permanent', 'beacon', `drand sent no value for round ${number}`);
    }
    const previous = answer.data.previous_signature;
    const checked = await verifyDrandSignature(
      this.chain,
      number,
      answer.data.signature,
      // An unchained relay's answer has none; a chained chain's check needs it (and refuses one on quicknet).
      this.chain.scheme === 'pedersen-bls-chained' ? previous : undefined,
    );
    if (!checked.ok || checked.randomness !== answer.data.randomness) {
      throw new AdapterError(
        'retryable',
        'beacon',
        `drand round ${number} refused: ${checked.ok ? 'its randomness is not SHA-256 of its signature' : checked.problem.message}`,
      );
    }
    return {
      value: checked.randomness,
      signature: answer.data.signature,
      ...(this.chain.scheme === 'pedersen-bls-chained' ? { previousSignature: previous } : {}),
    };
  }

  private async get(path: string): Promise<unknown> {
    const url = `${this.options.url}/${this.chain.chainHash}/${path}`;
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
