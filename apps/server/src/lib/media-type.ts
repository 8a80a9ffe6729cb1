import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes media-type sniffing needs (file-type reads at most this many). */
export const SNIFF_BYTES = 4100;

/**
 * The media type of content judged by its bytes, never by a name or a client's claim: binary formats by their
 * signature, then SVG, JSON and UTF-8 text by inspection; anything else is opaque bytes.
 */
export async function sniffMediaType(head: Uint8Array): Promise<string> {
  const detected = await fileTypeFromBuffer(head);
  if (detected && detected.mime !== 'application/xml') return detected.mime;
  const text = decodeUtf8(head);
  if (text === null) return 'application/octet-stream';
  const trimmed = text.trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(trimmed))
    return 'image/svg+xml';
  if (detected) return detected.mime;
  if (/^[{[]/.test(trimmed) && looksLikeJson(text, head.length < SNIFF_BYTES)) return 'application/json';
  return 'text/plain; charset=utf-8';
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    // A cut in the middle of a multi-byte character at the end of the sample is not a reason to call it binary.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      bytes.subarray(0, trimIncompleteUtf8(bytes)),
    );
    return hasBinaryControlCharacters(text) ? null : text;
  } catch {
    return null;
  }
}

/** NUL and the C0 controls other than tab, newlines, form feed and escape-free text ones mean binary. */
function hasBinaryControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code <= 0x08 || (code >= 0x0e && code <= 0x1f)) return true;
  }
  return false;
}

function trimIncompleteUtf8(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? end - back : end;
  }
  return end;
}

function looksLikeJson(text: string, complete: boolean): boolean {
  if (!complete) return true; // a long document: the opening brace is as far as we look
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The usual file extension for a media type (for storage keys and downloads). */
export function extensionFor(mediaType: string): string | null {
  const known: Record<string, string> = {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'image/avif': 'avif',
    'image/svg+xml': 'svg',
    'video/mp4': 'mp4',
    'video/webm': 'webm',
    'audio/mpeg': 'mp3',
    'audio/wav': 'wav',
    'audio/ogg': 'ogg',
    'application/json': 'json',
    'model/gltf-binary': 'glb',
  };
  return known[mediaType.split(';')[0]!.trim()] ?? null;
}
