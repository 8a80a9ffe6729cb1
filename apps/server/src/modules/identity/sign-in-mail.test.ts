import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../adapters/mail/mailer.ts';
import { signInLinkMail } from './sign-in-mail.ts';

describe('sign-in link mail', () => {
  const url =
    'https://hanabi.example/api/auth/magic-link/verify?token=abc&callbackURL=%2Fsignup%2Fstreamer%2FfinishSignUp';
  const mail = signInLinkMail({ to: 'a@example.com', url, ttlSeconds: 900 });

  it('is Japanese first, English second, and says how long the link works', () => {
    expect(mail.subject).toBe('Hanabi へのサインイン / Sign in to Hanabi');
    expect(mail.text.indexOf('15 分間')).toBeLessThan(mail.text.indexOf('15 minutes'));
    expect(mail.html.indexOf('サインイン')).toBeLessThan(
      mail.html.indexOf('Sign in to Hanabi') === -1 ? Infinity : mail.html.indexOf('To sign in'),
    );
  });

  it('carries the link first in the text and escaped in the HTML', () => {
    expect(extractLinks(mail.text)[0]).toBe(url);
    expect(mail.html).toContain(url.replace(/&/g, '&amp;'));
    expect(mail.html).not.toContain('token=abc&callbackURL');
  });
});
