/**
 * Public randomness for draws (docs/design.md §7, step 3): the value of the first beacon round after a draw's
 * close time T. Nobody — the streamer, Hanabi — can know it at T, so nobody could have chosen the entrant list
 * or the secret to favour someone.
 *
 * Two steps, so a crash between them is harmless: `roundAfter(T)` names the round when the draw closes (stored
 * with it), `value(round)` fetches that round's value later — the same answer however often it is asked.
 * Failures are {@link AdapterError}s of system `beacon`.
 */
export interface BeaconRound {
  /**
   * Where the value comes from: `drand:{chain hash}`, or `chain:{id}` (the embedded chain: a practice draw, since
   * this server controls that chain); shown in the proof.
   */
  source: string;
  /** The round (block number, drand round) as a decimal string. */
  round: string;
}

export interface BeaconValue extends BeaconRound {
  /** The round's value, hex without 0x (what `seedOf` mixes in). */
  value: string;
  /** drand: the round's BLS signature (hex), already checked against the chain's pinned public key. */
  signature?: string;
  /** drand's chained default chain: the previous round's signature, part of what `signature` signs. */
  previousSignature?: string;
}

export interface BeaconAdapter {
  /** The first round strictly after `time` (called once `time` has passed). */
  roundAfter(time: Date): Promise<BeaconRound>;
  /** That round's value; waits for it while it is still in the future. */
  value(round: BeaconRound): Promise<BeaconValue>;
}
