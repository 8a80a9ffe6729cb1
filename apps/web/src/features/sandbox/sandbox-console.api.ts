import { readCookie } from '../../lib/api-client';
import { serverErrorText } from '../../lib/server-error-text';

import { SANDBOX_API_BASE, type SandboxState } from '@hanabi/api';

/**
 * The sandbox chat console API (`/sandbox/api/…`, embedded servers only). It drives the fake platforms, not
 * Hanabi, so it is outside the route table; its shapes come from @hanabi/api's sandbox-console.ts.
 */
export type {
  SandboxPlatform,
  SandboxState,
  SandboxMessageView as SandboxMessage,
  SandboxAccountView as SandboxAccount,
} from '@hanabi/api';
export type SandboxStream = SandboxState['streams'][number];

export async function sandboxCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Same-origin writes carry the XSRF token when the visitor happens to be signed in.
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf && method !== 'GET') headers['X-XSRF-TOKEN'] = xsrf;
  const response = await fetch(`${SANDBOX_API_BASE}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    // The reader's language for a known case (decision 0205), the server's English for one this web does not know.
    const message =
      serverErrorText(parsed) ?? (parsed as { error?: { message?: string } } | null)?.error?.message;
    throw new Error(message ?? `HTTP ${response.status}`);
  }
  return parsed as T;
}
