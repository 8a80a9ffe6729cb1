import zlib from 'node:zlib';

/**
 * Animated images built byte by byte (no image library in the tests): a GIF89a, an APNG and an animated WebP of
 * `frames` frames on a `width` × `height` canvas. Their frame data is minimal, their containers complete.
 */

/** A GIF89a whose frames are 1 × 1 pixel images, each after a graphic control extension. */
export function animatedGif(frames: number, width = 8, height = 8): Buffer {
  const screen = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0, 0, 0x80, 0, 0]);
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  const palette = Buffer.from([0xff, 0xff, 0xff, 0, 0, 0]);
  // NETSCAPE2.0 looping, so the sub-block walk meets an application extension too.
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0, 0, 0]);
  const frame = Buffer.from([
    ...[0x21, 0xf9, 0x04, 0x04, 0x0a, 0x00, 0x00, 0x00],
    ...[0x2c, 0, 0, 0, 0, 0x01, 0, 0x01, 0, 0x00],
    ...[0x02, 0x02, 0x44, 0x01, 0x00],
  ]);
  return Buffer.concat([
    screen,
    palette,
    loop,
    ...Array.from({ length: frames }, () => frame),
    Buffer.from([0x3b]),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/**
 * An APNG of `frames` frames. `padding` bytes of text go before its `acTL`: past the first 4 KiB the sniffer
 * takes it for a still PNG, which is how an animation would slip past a media-type check.
 */
export function animatedPng(
  frames: number,
  options: { width?: number; height?: number; declared?: number; padding?: number } = {},
): Buffer {
  const { width = 8, height = 8, declared = frames, padding = 0 } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const control = Buffer.alloc(8);
  control.writeUInt32BE(declared, 0);
  const rows = zlib.deflateSync(Buffer.alloc((width * 4 + 1) * height));
  const fcTL = (sequence: number) => {
    const data = Buffer.alloc(26);
    data.writeUInt32BE(sequence, 0);
    data.writeUInt32BE(width, 4);
    data.writeUInt32BE(height, 8);
    return pngChunk('fcTL', data);
  };
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(padding ? [pngChunk('tEXt', Buffer.from(`Comment\0${'x'.repeat(padding)}`, 'latin1'))] : []),
    pngChunk('acTL', control),
  ];
  for (let index = 0; index < frames; index += 1) {
    parts.push(fcTL(index * 2));
    if (index === 0) parts.push(pngChunk('IDAT', rows));
    else {
      const sequence = Buffer.alloc(4);
      sequence.writeUInt32BE(index * 2 + 1);
      parts.push(pngChunk('fdAT', Buffer.concat([sequence, rows])));
    }
  }
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** An animated WebP (VP8X with the animation flag, ANIM, one ANMF per frame holding a 1 × 1 VP8L image). */
export function animatedWebp(frames: number, width = 8, height = 8): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x02;
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const anim = Buffer.alloc(6);
  const lossless = riffChunk(
    'VP8L',
    Buffer.from([0x2f, 0, 0, 0, 0x00, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]),
  );
  const anmf = Buffer.concat([Buffer.alloc(16), lossless]);
  anmf.writeUIntLE(99, 12, 3); // frame duration
  const body = Buffer.concat([
    Buffer.from('WEBP', 'latin1'),
    riffChunk('VP8X', vp8x),
    riffChunk('ANIM', anim),
    ...Array.from({ length: frames }, () => riffChunk('ANMF', anmf)),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}
