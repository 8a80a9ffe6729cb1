import { describe, expect, it } from 'vitest';
import { pngBytes } from '../test/goods-fixtures.ts';
import { imageBounds } from './image-bounds.ts';

/** A PNG's signature and IHDR announcing `width` × `height` (the header is all imageBounds reads). */
function pngHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]).copy(bytes);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

describe('imageBounds', () => {
  it('passes a picture within the limits and refuses a canvas too wide, too tall or too many pixels', () => {
    expect(imageBounds(pngBytes(64, 48))).toEqual({ ok: true, width: 64, height: 48 });
    expect(imageBounds(pngHeader(16_384, 2_000))).toMatchObject({ ok: true });
    expect(imageBounds(pngHeader(16_385, 10))).toMatchObject({ ok: false, reason: 'tooLarge' });
    expect(imageBounds(pngHeader(10, 16_385))).toMatchObject({ ok: false, reason: 'tooLarge' });
    expect(imageBounds(pngHeader(8_000, 6_000))).toMatchObject({
      ok: false,
      reason: 'tooLarge',
      width: 8_000,
    });
  });

  it('reads only the bytes it is given, never what lies past them in a shared buffer', () => {
    const shared = Buffer.alloc(64, 0xff);
    pngHeader(8, 8).subarray(0, 16).copy(shared);
    expect(imageBounds(shared.subarray(0, 20))).toEqual({ ok: false, reason: 'unknown' });
  });
});
