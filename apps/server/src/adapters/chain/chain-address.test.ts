import { describe, expect, it } from 'vitest';
import { parseWalletAddress, toChecksumAddress } from './chain-address.ts';

describe('EIP-55', () => {
  // Test vectors from EIP-55.
  const vectors = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0xde709f2102306220921060314715629080e2fb77',
  ];
  it('checksums the EIP-55 vectors', () => {
    for (const address of vectors) expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });
  it('accepts single-case input and stores the checksummed form', () => {
    expect(parseWalletAddress(vectors[0]!.toLowerCase())).toEqual({ ok: true, address: vectors[0] });
    expect(parseWalletAddress('0x' + vectors[0]!.slice(2).toUpperCase())).toEqual({
      ok: true,
      address: vectors[0],
    });
  });
  it('refuses a mixed-case address with a wrong checksum, and non-addresses', () => {
    const typo = vectors[0]!.replace('aA', 'Aa');
    expect(parseWalletAddress(typo).ok).toBe(false);
    expect(parseWalletAddress('0x123').ok).toBe(false);
    expect(parseWalletAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed').ok).toBe(false);
  });
});
