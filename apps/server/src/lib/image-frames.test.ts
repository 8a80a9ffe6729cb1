import { describe, expect, it } from 'vitest';
import { animatedGif, animatedPng, animatedWebp } from '../test/animated-fixtures.ts';
import { pngBytes } from '../test/goods-fixtures.ts';
import { FrameCounter } from './image-frames.ts';
import { imageBounds } from './image-bounds.ts';

/** Feeds `bytes` in pieces of `size` (1 makes every read cross a chunk boundary). */
function count(mediaType: string, bytes: Buffer, size = bytes.length): number {
  const counter = new FrameCounter(mediaType);
  for (let offset = 0; offset < bytes.length; offset += size)
    counter.push(bytes.subarray(offset, offset + size));
  return counter.frames;
}

describe('FrameCounter', () => {
  it('counts the frames of a GIF, an APNG and an animated WebP, however the bytes are split', () => {
    for (const size of [1, 3, 7, 64, Infinity]) {
      expect(count('image/gif', animatedGif(5), size)).toBe(5);
      expect(count('image/png', animatedPng(4), size)).toBe(4);
      expect(count('image/apng', animatedPng(3), size)).toBe(3);
      expect(count('image/webp', animatedWebp(6), size)).toBe(6);
    }
  });

  it('takes an APNG at the frames its acTL announces when that is more than it holds (the decoder allocates by it)', () => {
    expect(count('image/png', animatedPng(2, { declared: 100_000 }))).toBe(100_000);
    expect(count('image/png', animatedPng(3, { declared: 1 }))).toBe(3);
  });

  it('calls a still image one frame, and any other file too', () => {
    expect(count('image/png', pngBytes(16, 16))).toBe(1);
    expect(count('image/gif', animatedGif(1))).toBe(1);
    expect(count('image/jpeg', Buffer.from([0xff, 0xd8, 0xff]))).toBe(1);
    expect(count('video/mp4', Buffer.alloc(100))).toBe(1);
  });

  it('stops where a file breaks or ends, counting the frames before it', () => {
    const gif = animatedGif(4);
    expect(count('image/gif', gif.subarray(0, gif.length - 30))).toBe(2);
    const broken = Buffer.from(gif);
    broken[13 + 6 + 19] = 0x99; // the first frame's extension introducer
    expect(count('image/gif', broken)).toBe(1);
    expect(count('image/webp', Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBe(1);
    expect(count('image/gif', Buffer.from('not a gif at all'))).toBe(1);
  });

  it('builds fixtures whose headers image-size reads as their canvas', () => {
    expect(imageBounds(animatedGif(2, 30, 20))).toEqual({ ok: true, width: 30, height: 20 });
    expect(imageBounds(animatedPng(2, { width: 30, height: 20 }))).toEqual({
      ok: true,
      width: 30,
      height: 20,
    });
    expect(imageBounds(animatedWebp(2, 30, 20))).toEqual({ ok: true, width: 30, height: 20 });
  });
});
