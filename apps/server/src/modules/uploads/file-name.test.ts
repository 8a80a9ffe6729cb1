import { describe, expect, it } from 'vitest';
import { chooseExtension, sanitizeFileName, storageBaseName } from './file-name.ts';
import { isStorageKey } from '../../adapters/storage/storage.adapter.ts';

describe('upload file names', () => {
  it('keeps only the last segment, so no traversal survives', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..\\..\\windows\\win.ini')).toBe('win.ini');
    expect(sanitizeFileName('/abs/path/picture.png')).toBe('picture.png');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('.hidden.png')).toBe('hidden.png');
  });

  it('drops control and format characters and reserved punctuation', () => {
    expect(sanitizeFileName('a\u0000b\u0007c\u202e.png')).toBe('abc.png');
    expect(sanitizeFileName('line\nbreak\ttab.png')).toBe('line break tab.png');
    expect(sanitizeFileName('what?<is>this*.png')).toBe('what__is_this_.png');
  });

  it('keeps Japanese names and limits the length, keeping the extension', () => {
    expect(sanitizeFileName('花火 の 絵.png')).toBe('花火 の 絵.png');
    const long = sanitizeFileName(`${'あ'.repeat(300)}.jpeg`);
    expect([...long]).toHaveLength(100);
    expect(long.endsWith('.jpeg')).toBe(true);
    expect(sanitizeFileName(undefined)).toBe('file');
    expect(sanitizeFileName('   ')).toBe('file');
  });

  it('chooses the extension from the media type, then the name', () => {
    expect(chooseExtension('image/png', 'evil.exe')).toBe('png');
    expect(chooseExtension('image/jpeg', 'photo.jpeg')).toBe('jpg');
    expect(chooseExtension('application/x-unknown', 'model.GLTF')).toBe('gltf');
    expect(chooseExtension('application/x-unknown', 'noext')).toBe('bin');
  });

  it('makes storage-key names that are valid keys', () => {
    for (const name of ['花火 の 絵.png', 'passwd', '---.png', 'a b/c.png', 'x'.repeat(200)]) {
      const base = storageBaseName(sanitizeFileName(name));
      expect(isStorageKey(`digitalgoods/u1/${base}-abcd1234.png`), base).toBe(true);
    }
    expect(storageBaseName('花火 の 絵.png')).toBe('花火-の-絵');
  });
});
