/**
 * Real, published rounds of drand's `default` chain (chained, 30 s; public values), for known-answer tests of the
 * beacon check in every verifier. Each says where it was copied from; every value is as published there, none
 * computed by this package.
 */
import { DRAND_DEFAULT } from './beacon.ts';
import type { DrawProof } from './draw.ts';
import { drandProof, type DrandRound } from './quicknet-rounds.fixture.ts';

export { closeBefore, flipBit, type DrandRound } from './quicknet-rounds.fixture.ts';

/**
 * Round 72,785 ("curl -sS https://drand.cloudflare.com/public/72785"): signature and previous signature from
 * noislabs/drand-verify `src/verify.rs` (commit 134de23c744a6e3c670335326d2a7fd37282aa02, `verify_works`), its
 * randomness from the same repository's `src/randomness.rs` (commit 0d6355c19c9f14ad0a4f0573dccd93749a049657,
 * `derives_randomness_correctly`).
 */
export const DEFAULT_ROUND_72785: DrandRound = {
  round: 72_785,
  previousSignature:
    'a609e19a03c2fcc559e8dae14900aaefe517cb55c840f6e69bc8e4f66c8d18e8a609685d9917efbfb0c37f058c2de88f13d297c7e19e0ab24813079efe57a182554ff054c7638153f9b26a60e7111f71a0ff63d9571704905d3ca6df0b031747',
  signature:
    '82f5d3d2de4db19d40a6980e8aa37842a0e55d1df06bd68bddc8d60002e8e959eb9cfa368b3c1b77d18f02a54fe047b80f0989315f83b12a74fd8679c4f12aae86eaf6ab5690b34f1fddd50ee3cc6f6cdf59e95526d5a5d82aaa84fa6f181e42',
  randomness: '8b676484b5fb1f37f9ec5c413d7d29883504e5b669f604a1ce68b3388e9ae3d9',
};

/**
 * Round 1,337: round, previous signature and signature as noislabs/drand-verify's README runs its example
 * (`cargo run --example drand_verify 1337 …`, commit 1017235f6bcfcc9fb433926c0dc1b9a013bd4df3), with the
 * randomness it prints ("Randomness: 2660664f…"); the same signature and randomness are in its
 * `src/randomness.rs` ("curl -sS https://drand.cloudflare.com/public/1337").
 */
export const DEFAULT_ROUND_1337: DrandRound = {
  round: 1337,
  previousSignature:
    '80d95247ddf1bb3acf5738497a5f10406be283144603f63d714bb1a44ff6b93285ae2697fffeb50c68862bd9fbecd4b204b1798d2686b4ac5d573615031d9d67e6168bde9a7adf1161430a498ca701a25c216aee3e38ffd5290369034fa050a2',
  signature:
    '945b08dcb30e24da281ccf14a646f0630ceec515af5c5895e18cc1b19edd65d156b71c776a369af3487f1bc6af1062500b059e01095cc0eedce91713977d7735cac675554edfa0d0481bb991ed93d333d08286192c05bf6b65d20f23a37fc7bb',
  randomness: '2660664f8d4bc401194d80d81da20a1e79480f65b8e2d205aecbd143b5bfb0d3',
};

/** An honest proof of a small draw whose beacon is a real round of the default chain. */
export function defaultChainProof(kat: DrandRound = DEFAULT_ROUND_72785): Promise<DrawProof> {
  return drandProof(DRAND_DEFAULT, kat);
}
