/**
 * EVM address checks for the account form: Keccak-256 (the pre-standard SHA-3 padding Ethereum uses, which
 * node:crypto does not offer) and EIP-55 mixed-case checksums. Small and self-contained so the account module
 * needs no chain library; the chain adapter may use viem's equivalents.
 */

const MASK_64 = (1n << 64n) - 1n;
const ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];
// Rotation offsets r[x][y], indexed x + 5 * y.
const ROTATIONS = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

const rotl = (value: bigint, shift: number): bigint =>
  shift === 0 ? value : ((value << BigInt(shift)) | (value >> BigInt(64 - shift))) & MASK_64;

function keccakF(state: bigint[]): void {
  for (const roundConstant of ROUND_CONSTANTS) {
    const c = [0, 1, 2, 3, 4].map(
      (x) => state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!,
    );
    for (let x = 0; x < 5; x += 1) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = state[x + y]! ^ d;
    }
    const b = new Array<bigint>(25).fill(0n);
    for (let x = 0; x < 5; x += 1) {
      for (let y = 0; y < 5; y += 1) {
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(state[x + 5 * y]!, ROTATIONS[x + 5 * y]!);
      }
    }
    for (let x = 0; x < 5; x += 1) {
      for (let y = 0; y < 25; y += 5) {
        state[x + y] = b[x + y]! ^ (~b[((x + 1) % 5) + y]! & MASK_64 & b[((x + 2) % 5) + y]!);
      }
    }
    state[0] = state[0]! ^ roundConstant;
  }
}

/** Keccak-256 of some bytes, as 64 lowercase hex digits. */
export function keccak256Hex(input: Uint8Array): string {
  const rate = 136;
  const padded = new Uint8Array(Math.ceil((input.length + 1) / rate) * rate);
  padded.set(input);
  padded[input.length] = padded[input.length]! ^ 0x01;
  padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let lane = 0; lane < rate / 8; lane += 1) {
      let value = 0n;
      for (let byte = 7; byte >= 0; byte -= 1)
        value = (value << 8n) | BigInt(padded[offset + lane * 8 + byte]!);
      state[lane] = state[lane]! ^ value;
    }
    keccakF(state);
  }
  let hex = '';
  for (let lane = 0; lane < 4; lane += 1) {
    let value = state[lane]!;
    for (let byte = 0; byte < 8; byte += 1) {
      hex += Number(value & 0xffn)
        .toString(16)
        .padStart(2, '0');
      value >>= 8n;
    }
  }
  return hex;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 checksummed form of an address (any case in, mixed case out). */
export function toChecksumAddress(address: string): string {
  if (!ADDRESS.test(address)) throw new Error('not an address');
  const lower = address.slice(2).toLowerCase();
  const hash = keccak256Hex(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    const char = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * Checks an address as typed. All-lowercase or all-uppercase is accepted (no checksum given); mixed case must
 * be a correct EIP-55 checksum, which catches a mistyped character.
 */
export function parseWalletAddress(
  address: string,
): { ok: true; address: string } | { ok: false; reason: string } {
  if (!ADDRESS.test(address)) return { ok: false, reason: 'must be 0x followed by 40 hexadecimal digits' };
  const digits = address.slice(2);
  const checksummed = toChecksumAddress(address);
  const singleCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!singleCase && checksummed !== address) {
    return { ok: false, reason: 'has a wrong EIP-55 checksum (check for a mistyped character)' };
  }
  return { ok: true, address: checksummed };
}
