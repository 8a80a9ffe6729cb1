import { describe, expect, it } from 'vitest';
import { extensionFor, sniffMediaType } from './media-type.ts';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');

describe('sniffMediaType', () => {
  it('recognises images by their signature, whatever they are called', async () => {
    expect(await sniffMediaType(png)).toBe('image/png');
    expect(await sniffMediaType(jpeg)).toBe('image/jpeg');
  });
  it('recognises SVG, JSON and text', async () => {
    expect(
      await sniffMediaType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe('image/svg+xml');
    expect(await sniffMediaType(Buffer.from('{"name":"賞品","image":"ipfs://x"}'))).toBe('application/json');
    expect(await sniffMediaType(Buffer.from('{not json'))).toBe('text/plain; charset=utf-8');
    expect(await sniffMediaType(Buffer.from('こんにちは'))).toBe('text/plain; charset=utf-8');
  });
  it('calls anything else opaque bytes', async () => {
    expect(await sniffMediaType(Buffer.from([0, 1, 2, 3, 250, 251]))).toBe('application/octet-stream');
  });
  it('keeps text whose sample ends inside a multi-byte character', async () => {
    const text = Buffer.from('あ'.repeat(2000));
    expect(await sniffMediaType(text.subarray(0, 4100))).toBe('text/plain; charset=utf-8');
  });
});

describe('extensionFor', () => {
  it('maps media types to extensions', () => {
    expect(extensionFor('image/png')).toBe('png');
    expect(extensionFor('text/plain; charset=utf-8')).toBeNull();
  });
});
