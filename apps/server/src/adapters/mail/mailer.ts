/** One e-mail to one person. `text` and `html` carry the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on mail a person can switch off. */
  headers?: Record<string, string>;
}

/** The mail adapter: SMTP in production, the dev mailbox in embedded mode. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
  /** Connects and authenticates without sending (the doctor's probe); throws an AdapterError of system `smtp`. */
  verify(): Promise<void>;
}

/** Every http(s) link in a text, in order, without duplicates. */
export function extractLinks(text: string): string[] {
  const links = text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
  return [...new Set(links)];
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
