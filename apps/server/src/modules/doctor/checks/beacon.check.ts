import {
  fail,
  ok,
  skip,
  warn,
  type CheckOutcome,
  type DoctorCheckDefinition,
  type DoctorPorts,
} from '../doctor.types.ts';

/** How far this clock may be from drand's schedule before draws' rounds are picked too early or too late. */
export const CLOCK_TOLERANCE_MS = 2_000;

export interface LatestRound {
  round: number;
  publishedAt: Date;
  chain: string;
  period: number;
}

/**
 * The relay's latest round was verified against the pinned key. Its scheduled time tells the clock: this
 * machine's now should fall within one period after it (the next round is not out yet) — a little more for the
 * relay's own delay. Earlier means this clock is behind; much later, ahead or the relay is stale.
 */
export function beaconVerdict(latest: LatestRound, nowMs: number): CheckOutcome {
  const sinceMs = nowMs - latest.publishedAt.getTime();
  const behind = sinceMs < -CLOCK_TOLERANCE_MS;
  const ahead = sinceMs > latest.period * 1000 + CLOCK_TOLERANCE_MS;
  const details = [
    `chain ${latest.chain} (a round every ${latest.period} s)`,
    `latest round ${latest.round}, due ${latest.publishedAt.toISOString()}`,
    `this clock: ${(sinceMs / 1000).toFixed(1)} s after that round's time`,
  ];
  if (behind || ahead) {
    return warn(
      `round ${latest.round} verified, but this clock is ${behind ? 'behind' : 'ahead of'} drand's schedule (or the relay lags)`,
      "Sync this machine's clock (NTP); if the clock is right, use a relay that keeps up",
      details,
    );
  }
  return ok(
    `latest round ${latest.round} verified against the pinned ${latest.chain} key; clock in step`,
    details,
  );
}

export function beaconCheck(ports: DoctorPorts): DoctorCheckDefinition {
  return {
    id: 'beacon',
    required: true,
    async run() {
      const beacon = ports.config.beacon;
      if (beacon.kind === 'chain' || !ports.drand) {
        return skip("the embedded chain's next block: practice draws only (production: DRAND_URL)");
      }
      try {
        return beaconVerdict(await ports.drand.latest(), ports.now());
      } catch (error) {
        return fail(
          `no verified round from the relay: ${(error as Error).message}`,
          'Check DRAND_URL is a drand HTTP relay (e.g. https://api.drand.sh) serving DRAND_CHAIN_HASH',
          [`chain ${beacon.chainHash}`],
        );
      }
    },
  };
}
