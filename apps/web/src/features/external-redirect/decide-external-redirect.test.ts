import { describe, expect, it } from 'vitest';
import { decideExternalRedirect, isAllowedHost } from './decide-external-redirect';

const allowed = ['youtube.com', 'twitcasting.tv', 'Example.org.'];

describe('decideExternalRedirect', () => {
  it('opens allow-listed hosts directly', () => {
    expect(decideExternalRedirect('https://youtube.com/watch?v=1', allowed)).toEqual({
      kind: 'redirect',
      url: 'https://youtube.com/watch?v=1',
    });
    expect(decideExternalRedirect('http://twitcasting.tv/user', allowed).kind).toBe('redirect');
  });

  it('opens subdomains of allow-listed hosts directly', () => {
    expect(decideExternalRedirect('https://www.youtube.com/live', allowed).kind).toBe('redirect');
    expect(decideExternalRedirect('https://a.b.twitcasting.tv/', allowed).kind).toBe('redirect');
  });

  it('compares hosts case-insensitively and ignores trailing dots', () => {
    expect(decideExternalRedirect('https://WWW.YouTube.COM/', allowed).kind).toBe('redirect');
    expect(decideExternalRedirect('https://example.org/', allowed).kind).toBe('redirect');
    expect(decideExternalRedirect('https://youtube.com./', allowed).kind).toBe('redirect');
  });

  it('sends look-alike hosts to the interstitial', () => {
    for (const url of [
      'https://evilyoutube.com/',
      'https://youtube.com.evil.test/',
      'https://notyoutube.com/',
      'https://youtube.co/',
    ]) {
      expect(decideExternalRedirect(url, allowed)).toEqual({ kind: 'interstitial', url });
    }
  });

  it('sends any other http(s) URL to the interstitial with the full target', () => {
    expect(decideExternalRedirect('https://example.com/a?b=c#d', allowed)).toEqual({
      kind: 'interstitial',
      url: 'https://example.com/a?b=c#d',
    });
    expect(decideExternalRedirect('http://localhost:8080/', []).kind).toBe('interstitial');
  });

  it('never opens a URL with credentials directly', () => {
    expect(decideExternalRedirect('https://user:pw@youtube.com/', allowed).kind).toBe('interstitial');
    expect(decideExternalRedirect('https://youtube.com@evil.test/', allowed).kind).toBe('interstitial');
  });

  it('refuses non-http(s) schemes', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://youtube.com/',
      'vbscript:msgbox(1)',
      'mailto:a@b.c',
    ]) {
      expect(decideExternalRedirect(url, allowed)).toEqual({ kind: 'refused', reason: 'scheme' });
    }
  });

  it('refuses unparsable or relative URLs', () => {
    for (const url of ['not a url', '/streamer/home', '//youtube.com/', 'https://', 'http://[::1']) {
      expect(decideExternalRedirect(url, allowed)).toEqual({ kind: 'refused', reason: 'invalid' });
    }
  });

  it('refuses a missing URL', () => {
    expect(decideExternalRedirect(null, allowed)).toEqual({ kind: 'refused', reason: 'missing' });
    expect(decideExternalRedirect(undefined, allowed)).toEqual({ kind: 'refused', reason: 'missing' });
    expect(decideExternalRedirect('   ', allowed)).toEqual({ kind: 'refused', reason: 'missing' });
  });

  it('allow-lists nothing when the list is empty', () => {
    expect(decideExternalRedirect('https://youtube.com/', []).kind).toBe('interstitial');
  });
});

describe('isAllowedHost', () => {
  it('ignores empty entries', () => {
    expect(isAllowedHost('example.com', ['', '  '])).toBe(false);
  });
});
