import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../adapters/mail/mailer.ts';
import { signInLinkMail } from './sign-in-mail.ts';

describe('sign-in link mail', () => {
  const url =
    'https://hanabi.example/api/auth/magic-link/verify?token=abc&callbackURL=%2Fsignup%2Fstreamer%2FfinishSignUp';
  const mail = signInLinkMail({ to: 'a@example.com', url, ttlSeconds: 900, locale: 'ja' });

  it('is in one language, and says how long the link works', () => {
    expect(mail.subject).toBe('Hanabi へのサインイン');
    expect(mail.text).toContain('15 分間');
    expect(mail.text).not.toContain('minutes');
    const english = signInLinkMail({ to: 'a@example.com', url, ttlSeconds: 900, locale: 'en' });
    expect(english.subject).toBe('Sign in to Hanabi');
    expect(english.text).toContain('It works once, for 15 minutes.');
    expect(english.html).toContain('<html lang="en">');
    expect(`${english.text}${english.html}`).not.toMatch(/[ぁ-んァ-ン]/);
  });

  it('carries the link first in the text and escaped in the HTML', () => {
    expect(extractLinks(mail.text)[0]).toBe(url);
    expect(mail.html).toContain(url.replace(/&/g, '&amp;'));
    expect(mail.html).not.toContain('token=abc&callbackURL');
  });
});
