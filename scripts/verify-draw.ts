// `npm run verify-draw -- <url> [--allow-practice]`: recomputes a Hanabi draw from its published proof and says
// whom it protects against. <url> is the public proof page (https://…/draw/{id}) or the proof JSON itself
// (…/api/draw/{id}/proof). Exit 0 only for a verified draw (drand randomness, every step recomputed); a practice
// draw (the embedded chain's block hash, which that server controlled) exits 1 unless --allow-practice is given.
import { verifyDraw, type DrawProof, type DrawVerdict } from '@hanabi/draw';

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
): Promise<DrawVerdict> {
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
      : beacon.status === 'practice'
        ? `  Beacon: block ${beacon.round} of chain ${beacon.chainId}, a chain this server runs (practice: nothing to check it against)`
        : `  Beacon does NOT verify [${beacon.problem.code}]: ${beacon.problem.message}`,
  );
  for (const check of result.checks) {
    write(
      `  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name}${check.ok ? '' : `: expected ${check.expected}, got ${check.actual}`}`,
    );
  }
  write(
    result.verdict === 'verified'
      ? `Verified: the winners are ${result.winners.join(', ')}`
      : result.verdict === 'practice'
        ? `Practice draw: it recomputes (the winners are ${result.winners.join(', ')}), but the server that ran it controlled the randomness; it protects against nothing that server could do`
        : 'NOT verified',
  );
  return result.verdict;
}

/** 0 only for verified; a practice draw counts when `--allow-practice` was given. */
export function exitCodeOf(verdict: DrawVerdict, allowPractice: boolean): number {
  return verdict === 'verified' || (verdict === 'practice' && allowPractice) ? 0 : 1;
}

const USAGE = 'Usage: npm run verify-draw -- <proof page or proof JSON URL> [--allow-practice]\n';

/** The command: its arguments in, its exit code out (2: usage or the proof could not be read). */
export async function main(
  args: readonly string[],
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  writeError: (text: string) => void = (text) => process.stderr.write(text),
  fetchImpl: typeof fetch = fetch,
): Promise<number> {
  const allowPractice = args.includes('--allow-practice');
  const rest = args.filter((arg) => arg !== '--allow-practice');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) {
    writeError(USAGE);
    return 2;
  }
  try {
    return exitCodeOf(await verifyDrawAt(rest[0]!, write, fetchImpl), allowPractice);
  } catch (error) {
    writeError(`verify-draw: ${(error as Error).message}\n`);
    return 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
