import { describe, expect, it } from 'vitest';
import {
  BurnTokenInput,
  MintTokenBody,
  SetTokenUriBody,
  TokenAmount,
  TokenUri,
  UINT256_MAX,
  Uint256String,
} from './admin-token.routes.ts';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('admin token contract', () => {
  it('takes uint256 ids as digit strings, up to 2^256 − 1', () => {
    expect(Uint256String.safeParse('0').success).toBe(true);
    expect(Uint256String.safeParse(UINT256_MAX.toString()).success).toBe(true);
    expect(Uint256String.safeParse((UINT256_MAX + 1n).toString()).success).toBe(false);
    for (const bad of ['', '-1', '1.5', '0x10', 'abc', ' 1']) {
      expect(Uint256String.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes amounts as positive JSON numbers or digit strings', () => {
    expect(TokenAmount.safeParse(1).success).toBe(true);
    expect(TokenAmount.safeParse('100000000000000000000000').success).toBe(true);
    for (const bad of [0, -1, 1.5, '0', 'x', null, Number.MAX_SAFE_INTEGER + 2]) {
      const result = TokenAmount.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/whole number/);
    }
  });

  it('accepts ipfs:// and https:// URIs only', () => {
    expect(
      TokenUri.safeParse('ipfs://bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e').success,
    ).toBe(true);
    expect(TokenUri.safeParse('ipfs://bafy/metadata.json').success).toBe(true);
    expect(TokenUri.safeParse('https://example.com/1.json').success).toBe(true);
    for (const bad of ['http://example.com/1.json', 'javascript:alert(1)', 'ipfs://', 'ipfs:// x']) {
      expect(TokenUri.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('shapes the mint, burn and token URI payloads', () => {
    expect(MintTokenBody.safeParse({ token: { to: ADDRESS, tokenId: '1', amount: 2 } }).success).toBe(true);
    expect(BurnTokenInput.safeParse({}).success).toBe(true);
    expect(SetTokenUriBody.safeParse({ uri: 'ipfs://bafy' }).success).toBe(true);
    expect(
      SetTokenUriBody.safeParse({ metadata: { name: 'n', description: '', image: 'ipfs://bafy' } }).success,
    ).toBe(true);
    expect(SetTokenUriBody.safeParse({}).success).toBe(false);
    expect(
      SetTokenUriBody.safeParse({
        uri: 'ipfs://bafy',
        metadata: { name: 'n', description: '', image: 'ipfs://bafy' },
      }).success,
    ).toBe(false);
  });
});
