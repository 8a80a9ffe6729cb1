import { UPLOAD_FILE_NAME_MAX } from '@hanabi/api';
import { extensionFor } from '../../lib/media-type.ts';

/**
 * A person's file name made safe to keep and show: the last path segment only (no folders, so no traversal),
 * Unicode NFC, no control or format characters, no characters that are special in paths or shells, no leading
 * dots, whitespace collapsed, at most `UPLOAD_FILE_NAME_MAX` characters with the extension kept. Never empty.
 */
export function sanitizeFileName(raw: string | undefined): string {
  const lastSegment = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(/[\t\n\v\f\r\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"|?*%]/g, '_')
    .replace(/\s+/gu, ' ')
    .replace(/ (\.[^. ]*)$/, '$1')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (!cleaned) return 'file';
  const chars = [...cleaned];
  if (chars.length <= UPLOAD_FILE_NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? [...cleaned.slice(dot)] : [];
  if (extension.length > 0 && extension.length <= 16) {
    return [...chars.slice(0, UPLOAD_FILE_NAME_MAX - extension.length), ...extension].join('');
  }
  return chars.slice(0, UPLOAD_FILE_NAME_MAX).join('');
}

/** The extension a (sanitised) name carries, lower-case without the dot, when it is a plain one. */
export function extensionOfName(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(extension) ? extension : null;
}

/** The stored extension: from the sniffed media type, falling back to the name (docs/original-spec.md §5), else bin. */
export function chooseExtension(mediaType: string, fileName: string): string {
  return extensionFor(mediaType) ?? extensionOfName(fileName) ?? 'bin';
}

/**
 * The `{name}` part of a storage key: the name without its extension, reduced to letters, digits, `_` and `-`
 * (other characters become `-`), at most 60 characters, never empty.
 */
export function storageBaseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const reduced = base
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
  return [...reduced].slice(0, 60).join('') || 'file';
}
