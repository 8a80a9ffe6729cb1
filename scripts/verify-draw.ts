// `npm run verify-draw -- <url>`: recomputes a Hanabi draw from its published proof and says whether it holds.
// <url> is the public proof page (https://…/draw/{id}) or the proof JSON itself (…/api/draw/{id}/proof).
import { verifyDraw, type DrawProof } from '@hanabi/draw';

/** The proof JSON's address for a proof page address (and any other address as it is). */
export function proofUrl(input: string): string {
  const url = new URL(input);
  const page = /^\/draw\/([^/]+)\/?$/.exec(url.pathname);
  if (page) return new URL(`/api/draw/${page[1]}/proof`, url.origin).toString();
  return url.toString();
}

export async function verifyDrawAt(
  input: string,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  const response = await fetchImpl(proofUrl(input), { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${proofUrl(input)} answered HTTP ${response.status}`);
  const proof = (await response.json()) as DrawProof;
  const result = await verifyDraw(proof);
  write(
    `Draw ${proof.drawId}: ${proof.entrants.length} entrants, ${proof.winnerCount} winners, beacon ${proof.beacon.source} ${proof.beacon.round}`,
  );
  const beacon = result.beacon;
  write(
    beacon.status === 'verified'
      ? `  Beacon: drand ${beacon.chain.name} round ${beacon.round}, BLS signature checked against drand's public key, the first round after the close`
      : beacon.status === 'unsigned'
        ? '  Beacon: a block hash of the embedded chain (unsigned: nothing to check it against)'
        : `  Beacon does NOT verify: ${beacon.problem}`,
  );
  for (const check of result.checks) {
    write(
      `  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name}${check.ok ? '' : `: expected ${check.expected}, got ${check.actual}`}`,
    );
  }
  write(result.ok ? `Verified: the winners are ${result.winners.join(', ')}` : 'NOT verified');
  return result.ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const input = process.argv[2];
  if (!input) {
    process.stderr.write('Usage: npm run verify-draw -- <proof page or proof JSON URL>\n');
    process.exit(2);
  }
  verifyDrawAt(input).then(
    (ok) => process.exit(ok ? 0 : 1),
    (error: unknown) => {
      process.stderr.write(`verify-draw: ${(error as Error).message}\n`);
      process.exit(2);
    },
  );
}
