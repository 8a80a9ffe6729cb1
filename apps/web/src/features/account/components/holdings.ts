/** Whether the chain and Hanabi's records disagree for one holding (an unreadable chain balance claims nothing). */
export function holdingDiffers(holding: { balance: string | null; recorded: string }): boolean {
  return holding.balance !== null && BigInt(holding.balance) !== BigInt(holding.recorded);
}
