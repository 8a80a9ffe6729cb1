import { describe, expect, it } from 'vitest';
import {
  explainRevert,
  formFieldOf,
  formatBytes,
  formatUint,
  isEthAddress,
  isTokenUri,
  isUintString,
  parseRevertReason,
  supplyOf,
} from './token-helpers';

describe('token helpers', () => {
  it('check addresses: 0x and 40 hex digits', () => {
    expect(isEthAddress('0x8ba1f109551bD432803012645Ac136ddd64DBA72')).toBe(true);
    expect(isEthAddress(' 0x8ba1f109551bd432803012645ac136ddd64dba72 ')).toBe(true);
    expect(isEthAddress('0x8ba1f109551bD432803012645Ac136ddd64DBA7')).toBe(false);
    expect(isEthAddress('8ba1f109551bD432803012645Ac136ddd64DBA72aa')).toBe(false);
    expect(isEthAddress('0xZZa1f109551bD432803012645Ac136ddd64DBA72')).toBe(false);
  });

  it('check uint256 digits with a minimum', () => {
    expect(isUintString('0')).toBe(true);
    expect(isUintString('0', 1)).toBe(false);
    expect(isUintString('12', 1)).toBe(true);
    expect(isUintString('1.5')).toBe(false);
    expect(isUintString('-1')).toBe(false);
    expect(isUintString((1n << 256n).toString())).toBe(false);
    expect(isUintString(((1n << 256n) - 1n).toString())).toBe(true);
  });

  it('check token URIs', () => {
    expect(isTokenUri('ipfs://bafkreiabc')).toBe(true);
    expect(isTokenUri('https://example.com/1.json')).toBe(true);
    expect(isTokenUri('http://example.com/1.json')).toBe(false);
    expect(isTokenUri('ipfs://')).toBe(false);
  });

  it('map server detail fields to form fields', () => {
    expect(formFieldOf('body.token.to')).toBe('to');
    expect(formFieldOf('body.receiver')).toBe('receiver');
    expect(formFieldOf('query.operator')).toBe('operator');
    expect(formFieldOf('params.id')).toBe('id');
  });

  it('read revert reasons and explain the known ones', () => {
    const reason = parseRevertReason('burn reverted: ERC1155InsufficientBalance(0xabc, 0, 5, 1)');
    expect(reason).toEqual({
      action: 'burn',
      name: 'ERC1155InsufficientBalance',
      args: ['0xabc', '0', '5', '1'],
    });
    expect(explainRevert(reason!)).toEqual({
      key: 'ERC1155InsufficientBalance',
      values: { sender: '0xabc', balance: '0', needed: '5', tokenId: '1' },
    });
    expect(parseRevertReason('mint reverted: Paused')).toEqual({ action: 'mint', name: 'Paused', args: [] });
    expect(explainRevert({ action: 'mint', name: 'Paused', args: [] })).toBeNull();
    expect(parseRevertReason('The chain is not reachable; try again.')).toBeNull();
  });

  it('format amounts exactly beyond 2^53, supply and sizes', () => {
    expect(formatUint('12345678901234567890', 'en')).toBe('12,345,678,901,234,567,890');
    expect(formatUint(null, 'ja')).toBe('—');
    expect(supplyOf('10', '3')).toBe('7');
    expect(supplyOf('1', '3')).toBe('0');
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
