/**
 * Measured gas (anvil, HanabiToken and HanabiDrawRegistry as committed): one more fresh recipient in an airdrop
 * costs 28,619 gas (`packages/token/README.md`, gas table: marginal cost of one more fresh recipient); a draw's
 * commitment 56,984 (empty sealed secret, later draw) to 84,003 (400-byte sealed secret, first draw of a campaign;
 * same table and decision 0202). The coverage uses the dearer end.
 */
export const GAS_PER_DELIVERY = 28_619n;
export const GAS_PER_DRAW_COMMITMENT = { least: 56_984n, most: 84_003n } as const;
/** Below these the signer is low: a busy evening's prizes or draws would run it dry. */
export const LOW_BALANCE = { deliveries: 1_000n, draws: 50n } as const;

/** What the balance pays for at this gas price: whole deliveries and draw commitments (null when gas is free). */
export function coverage(funds: { balanceWei: bigint; gasPriceWei: bigint }) {
  if (funds.gasPriceWei === 0n) return null;
  return {
    deliveries: funds.balanceWei / (funds.gasPriceWei * GAS_PER_DELIVERY),
    draws: funds.balanceWei / (funds.gasPriceWei * GAS_PER_DRAW_COMMITMENT.most),
  };
}

/** True when the balance is under the floor of {@link LOW_BALANCE} (never when gas is free). */
export function isLow(covers: ReturnType<typeof coverage>): boolean {
  return covers !== null && (covers.deliveries < LOW_BALANCE.deliveries || covers.draws < LOW_BALANCE.draws);
}
