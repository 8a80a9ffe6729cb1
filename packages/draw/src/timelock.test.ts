import { describe, expect, it } from 'vitest';
import { bytesToHex, commitmentOf, hexToBytes } from './draw.ts';
import { DRAND_DEFAULT, DRAND_QUICKNET } from './beacon.ts';
import { QUICKNET_ROUND_1000, QUICKNET_ROUND_12040883, flipBit } from './quicknet-rounds.fixture.ts';
import { openSealed, openSealedSecret, sealSecret, sealedFromArmor, sealsTo } from './timelock.ts';

/**
 * "hello world" sealed to quicknet round 12,040,883 by drand's own Go implementation: drand/tlock `tlock_test.go`
 * (commit 962ec50d004c1a336bdffb24dfc6a019192fc070, `TestDecryptText`), opened there with the round's signature.
 */
const GO_SEALED_HELLO_WORLD = `-----BEGIN AGE ENCRYPTED FILE-----
YWdlLWVuY3J5cHRpb24ub3JnL3YxCi0+IHRsb2NrIDEyMDQwODgzIDUyZGI5YmE3
MGUwY2MwZjZlYWY3ODAzZGQwNzQ0N2ExZjU0Nzc3MzVmZDNmNjYxNzkyYmE5NDYw
MGM4NGU5NzEKa1JjK01NSEUwS005b1V0SmNLTWZGb1JFVzBXN1JQbTNtdzZpVUJ1
cGNXVkZkZDJQb1h6U0JrK25TM01BNnBKNwpHZDl3REhmVU5hTldXTWw2cGVia2Jh
OUVNZGJDWnBuQVNtOWFIb3hqUitwaGFVT2xoS1ppZGl5ZHBLSStPS2N0CmxvT2ZP
SW9KaGtndTVTRnJUOGVVQTJUOGk3aTBwQlBzTDlTWUJUZEJQb28KLS0tIEl6Q1Js
WSt1RXp0d21CbEg0cTFVZGNJaW9pS2l0M0c0bHVxNlNjT2w3UUUKDI4cDlPHPgjy
UnBmtsw6U2LlKh8iDf0E1PfwDenmKFfQaAGm0WLxdlzP8Q==
-----END AGE ENCRYPTED FILE-----`;

const ROUND = QUICKNET_ROUND_12040883;
const SECRET = '5e'.repeat(32);

describe('timelock: the secret sealed to its drand round', () => {
  it("opens drand's own Go ciphertext with the real round's signature (interoperable with tle)", async () => {
    const opened = await openSealed({
      sealed: sealedFromArmor(GO_SEALED_HELLO_WORLD),
      chain: DRAND_QUICKNET,
      round: ROUND.round,
      signature: ROUND.signature,
    });
    expect(opened.ok && new TextDecoder().decode(opened.value)).toBe('hello world');
  });

  it('seals S to a round, and only that round’s genuine signature opens it to the committed S', async () => {
    const sealed = await sealSecret(SECRET, DRAND_QUICKNET, ROUND.round);
    expect(sealed).toMatch(/^[0-9a-f]+$/);
    expect(sealed.length / 2).toBeLessThan(400); // what the registry stores on chain
    // Fresh randomness each time: the sealed form says nothing about S.
    expect(await sealSecret(SECRET, DRAND_QUICKNET, ROUND.round)).not.toBe(sealed);
    const commitment = await commitmentOf(SECRET);
    const open = (round: number, signature: string, commitmentHex = commitment) =>
      openSealedSecret({ sealed, chain: DRAND_QUICKNET, round, signature, commitment: commitmentHex });

    expect(await open(ROUND.round, ROUND.signature)).toEqual({ ok: true, value: SECRET });
    // A forged signature never reaches the decryption; another round's real one is refused by the stanza check.
    expect(await open(ROUND.round, flipBit(ROUND.signature))).toMatchObject({ ok: false });
    const other = await open(QUICKNET_ROUND_1000.round, QUICKNET_ROUND_1000.signature);
    expect(other).toMatchObject({ ok: false, problem: expect.stringMatching(/not to round 1000/) });
    // Opens, but is not the secret behind C: the publisher sealed something else.
    expect(await open(ROUND.round, ROUND.signature, await commitmentOf('00'.repeat(32)))).toEqual({
      ok: false,
      problem: 'the sealed secret opens, but it is not the secret of the commitment C',
    });
  });

  it('refuses a tampered sealed value and a chain without timelock', async () => {
    const sealed = await sealSecret(SECRET, DRAND_QUICKNET, ROUND.round);
    const bytes = hexToBytes(sealed);
    bytes[bytes.length - 5]! ^= 1; // inside the encrypted payload: its MAC fails
    const tampered = await openSealed({
      sealed: bytesToHex(bytes),
      chain: DRAND_QUICKNET,
      round: ROUND.round,
      signature: ROUND.signature,
    });
    expect(tampered.ok).toBe(false);
    expect(sealsTo(DRAND_QUICKNET)).toBe(true);
    expect(sealsTo(DRAND_DEFAULT)).toBe(false);
    await expect(sealSecret(SECRET, DRAND_DEFAULT, 5)).rejects.toThrow(/does not serve timelock/);
  });
});
