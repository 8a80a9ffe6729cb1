// `npm run verify-draw -- <url> [--rpc <chain RPC URL>] [--allow-practice]`: recomputes a Hanabi draw from its
// published proof and says whom it protects against. <url> is the public proof page (https://…/draw/{id}) or the
// proof JSON itself (…/api/draw/{id}/proof). The draw's public record is read from the chain through --rpc, or else
// the RPC the server publishes in /api/config (decision 0202). Exit 0 only for a verified draw (drand randomness,
// its record written before the round, every step recomputed); a practice draw (the embedded chain's block hash, or
// no record read) exits 1 unless --allow-practice is given.
import { verifyDraw, type DrawProof, type DrawVerdict } from '@hanabi/draw';
import { recordCheckVia } from '@hanabi/draw/record';

/** The proof JSON's address for a proof page address (and any other address as it is). */
export function proofUrl(input: string): string {
  const url = new URL(input);
  const page = /^\/draw\/([^/]+)\/?$/.exec(url.pathname);
  if (page) return new URL(`/api/draw/${page[1]}/proof`, url.origin).toString();
  return url.toString();
}

/** The chain RPC the proof's server publishes for readers (null when it publishes none). */
async function publishedRpc(input: string, fetchImpl: typeof fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(new URL('/api/config', input).toString());
    if (!response.ok) return null;
    return ((await response.json()) as { chainRpcUrl?: string | null }).chainRpcUrl ?? null;
  } catch {
    return null;
  }
}

export async function verifyDrawAt(
  input: string,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  fetchImpl: typeof fetch = fetch,
  options: { rpc?: string } = {},
): Promise<DrawVerdict> {
  const response = await fetchImpl(proofUrl(input), { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${proofUrl(input)} answered HTTP ${response.status}`);
  const proof = (await response.json()) as DrawProof;
  const rpc = proof.record ? (options.rpc ?? (await publishedRpc(input, fetchImpl))) : null;
  const result = await verifyDraw(proof, rpc ? { record: recordCheckVia(rpc) } : {});
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
  write(
    !proof.record
      ? '  Record: none — nothing outside the server fixed this draw before its randomness existed'
      : rpc
        ? `  Record: transaction ${proof.record.txHash} on chain ${proof.record.chainId}, read through ${rpc}`
        : `  Record: transaction ${proof.record.txHash} on chain ${proof.record.chainId}, NOT read (give --rpc <URL of chain ${proof.record.chainId}>)`,
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

const USAGE =
  'Usage: npm run verify-draw -- <proof page or proof JSON URL> [--rpc <chain RPC URL>] [--allow-practice]\n';

/** The command: its arguments in, its exit code out (2: usage or the proof could not be read). */
export async function main(
  args: readonly string[],
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  writeError: (text: string) => void = (text) => process.stderr.write(text),
  fetchImpl: typeof fetch = fetch,
): Promise<number> {
  const allowPractice = args.includes('--allow-practice');
  const at = args.indexOf('--rpc');
  const rpc = at >= 0 ? args[at + 1] : undefined;
  const rest = args.filter(
    (arg, index) => arg !== '--allow-practice' && (at < 0 || (index !== at && index !== at + 1)),
  );
  if (rest.length !== 1 || rest[0]!.startsWith('-') || (at >= 0 && (!rpc || rpc.startsWith('-')))) {
    writeError(USAGE);
    return 2;
  }
  try {
    return exitCodeOf(await verifyDrawAt(rest[0]!, write, fetchImpl, rpc ? { rpc } : {}), allowPractice);
  } catch (error) {
    writeError(`verify-draw: ${(error as Error).message}\n`);
    return 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
