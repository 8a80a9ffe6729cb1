import { readCookie } from '../../lib/api-client';

/**
 * The sandbox chat console API (`/sandbox/api/…`, embedded servers only). It drives the fake platforms, not
 * Hanabi, so it is deliberately outside the @hanabi/api contract; these shapes mirror
 * apps/server/src/modules/sandbox/sandbox-console.routes.ts.
 */
export type SandboxPlatform = 'youtube' | 'twitcasting';

export interface SandboxAccount {
  platform: SandboxPlatform;
  id: string;
  screenId: string;
  name: string;
  imageUrl: string;
  selectable: boolean;
}

export interface SandboxStream {
  platform: SandboxPlatform;
  id: string;
  ownerId: string;
  title: string;
  liveChatId: string | null;
  startedAt: string;
  endedAt: string | null;
  autoChatter: { viewers: number; perSecond: number; keyword?: string } | null;
}

export interface SandboxMessage {
  id: string;
  type: 'text' | 'superChat' | 'membership' | 'deleted' | 'chatEnded';
  authorId: string;
  text: string;
  isMember: boolean;
  isModerator: boolean;
  superChat: { amountMicros: string; currency: string } | null;
  publishedAt: string;
  removed: boolean;
}

export interface SandboxState {
  accounts: SandboxAccount[];
  streams: SandboxStream[];
}

export async function sandboxCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Same-origin writes carry the XSRF token when the visitor happens to be signed in.
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf && method !== 'GET') headers['X-XSRF-TOKEN'] = xsrf;
  const response = await fetch(`/sandbox/api${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const message = (parsed as { error?: { message?: string } } | null)?.error?.message;
    throw new Error(message ?? `HTTP ${response.status}`);
  }
  return parsed as T;
}
