/**
 * The draw's secret S sealed to its drand round with timelock encryption (tlock: identity-based encryption to the
 * round, the identity SHA-256(round as 8 bytes big-endian), on drand's own `tlock-js`). Published with the draw's
 * commitment before the round exists, the sealed S opens with the round's signature alone: once drand publishes
 * the round, anyone can decrypt S and compute the winners, so an operator who dislikes the outcome cannot quietly
 * abandon the draw. Only unchained chains serve timelock; quicknet does, `default` (chained) does not.
 *
 * Sealed form: the age file tlock-js writes (one `tlock` stanza naming the round and the chain hash), without its
 * ASCII armor, as lowercase hex — what the draw registry stores on chain and the proof carries.
 */
import { timelockEncrypt, Buffer, type ChainClient } from 'tlock-js';
import { decryptAge, type Stanza } from 'tlock-js/age/age-encrypt-decrypt.js';
import { decodeArmor } from 'tlock-js/age/armor.js';
import { decryptOnG2 } from 'tlock-js/crypto/ibe.js';
import { bytesToHex, hexToBytes, sha256Hex } from './bytes.ts';
import { verifyDrandSignature, type DrandChain } from './beacon.ts';

/** The drand schemes timelock works with here (tlock-js: signatures on G1, IBE on G2, RFC 9380 hashing). */
const TIMELOCK_SCHEMES: ReadonlySet<string> = new Set(['bls-unchained-g1-rfc9380']);

/** Whether secrets can be sealed to this chain's rounds (quicknet: yes; the chained `default`: no). */
export function sealsTo(chain: Pick<DrandChain, 'scheme'>): boolean {
  return TIMELOCK_SCHEMES.has(chain.scheme);
}

/** A chain client that answers the pinned chain's `/info` and never goes to the network (encryption needs no round). */
function pinnedClient(chain: DrandChain): ChainClient {
  if (!sealsTo(chain)) throw new Error(`drand ${chain.name} does not serve timelock encryption`);
  const info = {
    public_key: chain.publicKey,
    period: chain.period,
    genesis_time: chain.genesisTime,
    hash: chain.chainHash,
    groupHash: '',
    schemeID: chain.scheme,
    metadata: { beaconID: chain.name },
  };
  const offline = () => Promise.reject(new Error('sealing asks no drand relay'));
  return {
    options: { disableBeaconVerification: false, noCache: true },
    chain: () => ({ baseUrl: 'pinned:', info: async () => info }),
    latest: offline,
    get: offline,
  } as unknown as ChainClient;
}

/** S (32 bytes, hex) sealed to `round` of `chain`: hex of the unarmored age file. */
export async function sealSecret(secret: string, chain: DrandChain, round: number): Promise<string> {
  if (!/^[0-9a-f]{64}$/.test(secret)) throw new Error('the secret is not 32 bytes of lowercase hex');
  if (!Number.isSafeInteger(round) || round < 1) throw new Error(`round ${round} is not a round`);
  const armored = await timelockEncrypt(round, Buffer.from(hexToBytes(secret)), pinnedClient(chain));
  return bytesToHex(Buffer.from(decodeArmor(armored), 'binary'));
}

/** A sealed value as tle / tlock-js print it (ASCII-armored age) → the hex form used here. */
export function sealedFromArmor(armored: string): string {
  return bytesToHex(Buffer.from(decodeArmor(armored), 'binary'));
}

export type Opened<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * Opens a sealed value with `round`'s signature, after checking that signature against the chain's pinned key and
 * that the sealed file names exactly this round and chain (its stanza is not trusted).
 */
export async function openSealed(input: {
  sealed: string;
  chain: DrandChain;
  round: number;
  signature: string;
}): Promise<Opened<Uint8Array>> {
  const { sealed, chain, round, signature } = input;
  if (!sealsTo(chain))
    return { ok: false, problem: `drand ${chain.name} does not serve timelock encryption` };
  if (!/^([0-9a-f]{2})+$/.test(sealed)) return { ok: false, problem: 'the sealed value is not hex' };
  const signed = await verifyDrandSignature(chain, round, signature);
  if (!signed.ok) return { ok: false, problem: signed.problem.message };
  const unwrap = async (stanzas: Stanza[]): Promise<Uint8Array> => {
    const [stanza, ...others] = stanzas;
    if (!stanza || others.length > 0 || stanza.type !== 'tlock') throw new Error('not one tlock stanza');
    if (stanza.args[0] !== String(round) || stanza.args[1] !== chain.chainHash) {
      throw new Error(`sealed to ${stanza.args.join(' ')}, not to round ${round} of drand ${chain.name}`);
    }
    // U, a point on G2 (96 bytes compressed), then V and W of equal length (tlock-js's own layout).
    const body = stanza.body;
    const half = (body.length - 96) / 2;
    if (!Number.isInteger(half) || half <= 0) throw new Error('the tlock stanza is not U ‖ V ‖ W');
    return decryptOnG2(hexToBytes(signature), {
      U: body.subarray(0, 96),
      V: body.subarray(96, 96 + half),
      W: body.subarray(96 + half),
    });
  };
  try {
    const opened = await decryptAge(Buffer.from(hexToBytes(sealed)).toString('binary'), unwrap);
    return { ok: true, value: new Uint8Array(opened) };
  } catch (error) {
    return {
      ok: false,
      problem: `the sealed value does not open with round ${round}: ${(error as Error).message}`,
    };
  }
}

/**
 * The draw's S opened from its sealed form, and SHA-256(S) checked against the commitment C published with it: a
 * sealed value that is not C's secret is the publisher's fault, and is reported as such.
 */
export async function openSealedSecret(input: {
  sealed: string;
  chain: DrandChain;
  round: number;
  signature: string;
  commitment: string;
}): Promise<Opened<string>> {
  const opened = await openSealed(input);
  if (!opened.ok) return opened;
  const secret = bytesToHex(opened.value);
  if ((await sha256Hex(opened.value)) !== input.commitment.toLowerCase()) {
    return { ok: false, problem: 'the sealed secret opens, but it is not the secret of the commitment C' };
  }
  return { ok: true, value: secret };
}
