import { imageSize } from 'image-size';
import { UPLOAD_IMAGE_LIMITS } from '@hanabi/api';

/** The raster formats whose size a header tells (SVG is text, checked as such; it is never decoded here). */
export const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** The most of a file read to find its size: a JPEG's frame header may follow large metadata. */
export const IMAGE_HEADER_MAX_BYTES = 512 * 1024;

export type ImageBounds =
  | { ok: true; width: number; height: number }
  /** More bytes may tell (a JPEG whose frame header is further on). */
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'tooLarge'; width: number; height: number };

/**
 * The canvas an image's header announces, judged against the limits before anything decodes it (a 249 KB PNG
 * announced 16,000 × 16,000 pixels: 1 GB decoded). Only the header is read.
 */
export function imageBounds(head: Uint8Array): ImageBounds {
  let size: { width?: number; height?: number };
  try {
    // A copy of exactly these bytes: image-size reads through the view's underlying buffer, so a Buffer from
    // Node's shared pool would let it read another request's bytes past the end of this one.
    size = imageSize(new Uint8Array(head));
  } catch {
    return { ok: false, reason: 'unknown' };
  }
  const { width, height } = size;
  if (!width || !height) return { ok: false, reason: 'unknown' };
  if (
    width > UPLOAD_IMAGE_LIMITS.maxSide ||
    height > UPLOAD_IMAGE_LIMITS.maxSide ||
    width * height > UPLOAD_IMAGE_LIMITS.maxPixels
  ) {
    return { ok: false, reason: 'tooLarge', width, height };
  }
  return { ok: true, width, height };
}
