/**
 * Counts the frames of an animated image (GIF, APNG, animated WebP) from its container, as its bytes stream
 * past: frames are spread through the whole file, an upload may be 100 MB, and it is never held in memory. The
 * walk skips each block by the length it announces and decodes nothing. A file that ends early or breaks its
 * format stops the count where it broke (a decoder would stop there too).
 */
export class FrameCounter {
  private readonly walk: Generator<Need, void, Buffer> | null;
  private need: Need | undefined;
  private readonly held: Buffer[] = [];
  private heldLength = 0;
  private counted = 0;
  private declared = 0;

  constructor(mediaType: string) {
    const walker = WALKERS[mediaType];
    this.walk = walker ? walker(this.sink) : null;
    this.need = this.walk?.next().value ?? undefined;
  }

  /** The frames seen so far (or announced, for an APNG): at least 1 for any image. */
  get frames(): number {
    return Math.max(1, this.counted, this.declared);
  }

  private readonly sink: Sink = {
    frame: () => {
      this.counted += 1;
    },
    declare: (frames) => {
      this.declared = Math.max(this.declared, frames);
    },
  };

  push(chunk: Uint8Array): void {
    let offset = 0;
    while (this.need && offset < chunk.length) {
      if ('skip' in this.need) {
        const skipped = Math.min(this.need.skip, chunk.length - offset);
        offset += skipped;
        this.need =
          this.need.skip === skipped ? this.advance(Buffer.alloc(0)) : { skip: this.need.skip - skipped };
        continue;
      }
      const wanted = this.need.read - this.heldLength;
      const taken = chunk.subarray(offset, offset + wanted);
      offset += taken.length;
      this.held.push(Buffer.from(taken));
      this.heldLength += taken.length;
      if (this.heldLength === this.need.read) {
        const bytes = Buffer.concat(this.held);
        this.held.length = 0;
        this.heldLength = 0;
        this.need = this.advance(bytes);
      }
    }
  }

  private advance(bytes: Buffer): Need | undefined {
    const next = this.walk!.next(bytes);
    if (next.done) return undefined;
    // A zero-length skip is already done.
    return 'skip' in next.value && next.value.skip === 0 ? this.advance(Buffer.alloc(0)) : next.value;
  }
}

/** What a walker asks for next: that many bytes handed to it, or passed over. */
type Need = { read: number } | { skip: number };
interface Sink {
  frame(): void;
  declare(frames: number): void;
}
type Walker = (sink: Sink) => Generator<Need, void, Buffer>;

/** GIF89a: the blocks after the screen descriptor; each image descriptor (0x2C) is a frame. */
function* gifWalk(sink: Sink): Generator<Need, void, Buffer> {
  const header = yield { read: 13 };
  if (!header.subarray(0, 3).equals(Buffer.from('GIF'))) return;
  yield { skip: colourTableBytes(header[10]!) };
  for (;;) {
    const [introducer] = yield { read: 1 };
    if (introducer === 0x2c) {
      const descriptor = yield { read: 9 };
      yield { skip: colourTableBytes(descriptor[8]!) + 1 }; // and the LZW minimum code size
      yield* gifSubBlocks();
      sink.frame();
    } else if (introducer === 0x21) {
      yield { skip: 1 }; // the extension's label
      yield* gifSubBlocks();
    } else {
      return; // 0x3B, the trailer, or a broken file
    }
  }
}

function colourTableBytes(flags: number): number {
  return flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
}

function* gifSubBlocks(): Generator<Need, void, Buffer> {
  for (;;) {
    const [length] = yield { read: 1 };
    if (!length) return;
    yield { skip: length };
  }
}

/** PNG: an APNG announces its frames in `acTL` (before the image data) and heads each with `fcTL`. */
function* pngWalk(sink: Sink): Generator<Need, void, Buffer> {
  yield { skip: 8 };
  for (;;) {
    const head = yield { read: 8 };
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (type === 'IEND' || length > 0x7fffffff) return;
    if (type === 'acTL' && length >= 8) {
      const control = yield { read: 8 };
      sink.declare(control.readUInt32BE(0));
      yield { skip: length - 8 + 4 };
      continue;
    }
    if (type === 'fcTL') sink.frame();
    yield { skip: length + 4 }; // and the CRC
  }
}

/** WebP (RIFF): an animated one has an `ANMF` chunk per frame. Chunks are padded to an even length. */
function* webpWalk(sink: Sink): Generator<Need, void, Buffer> {
  const riff = yield { read: 12 };
  if (riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WEBP') return;
  for (;;) {
    const head = yield { read: 8 };
    const size = head.readUInt32LE(4);
    if (head.toString('latin1', 0, 4) === 'ANMF') sink.frame();
    yield { skip: size + (size & 1) };
  }
}

const WALKERS: Record<string, Walker> = {
  'image/gif': gifWalk,
  'image/png': pngWalk,
  'image/apng': pngWalk,
  'image/webp': webpWalk,
};
