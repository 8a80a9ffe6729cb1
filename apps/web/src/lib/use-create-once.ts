import { useState } from 'react';
import { useEntryKey } from './router';

export interface CreateOnceMemory {
  /** The Idempotency-Key this form sends with every create. */
  key: string;
  /** What it created, once it has. */
  createdId?: string;
}

function readMemory(storageKey: string): CreateOnceMemory | null {
  try {
    const stored = sessionStorage.getItem(storageKey);
    if (stored) return JSON.parse(stored) as CreateOnceMemory;
  } catch {
    // Storage unavailable or unreadable: a fresh key still guards double submits of this page.
  }
  return null;
}

function writeMemory(storageKey: string, memory: CreateOnceMemory): CreateOnceMemory {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(memory));
  } catch {
    // As above.
  }
  return memory;
}

/**
 * A create form's Idempotency-Key and result, kept per history entry (`useEntryKey`, in
 * sessionStorage): Back to a form that already created its item can offer that item instead of a second one,
 * and a resubmit sends the same key, so the server answers the same item (decision 0073). "Create another" is a
 * new history entry, so a new key. `scope` keeps forms apart (`campaignCreate`, `goodsCreate`).
 */
export function useCreateOnce(scope: string): [CreateOnceMemory, (createdId: string) => void] {
  const storageKey = `hanabi.${scope}.${useEntryKey()}`;
  const [memory] = useState<CreateOnceMemory>(
    () => readMemory(storageKey) ?? writeMemory(storageKey, { key: crypto.randomUUID() }),
  );
  // Stored only: the form stays mounted while it navigates on; Back mounts the page anew and reads it.
  const remember = (createdId: string) => void writeMemory(storageKey, { ...memory, createdId });
  return [memory, remember];
}

/**
 * The Idempotency-Key of one intent on a page that repeats an action (a draw, an exclusion; decision 0200), kept
 * like `useCreateOnce`'s per history entry: a double click, a retry after a lost answer or a reload while it
 * ran send the same key, so the server does it once and answers each the same. `settle` starts the next intent
 * with a fresh key — call it once the server has answered for good (not after a network error or a 5xx, when
 * the first try may have gone through and a retry must follow it).
 */
export function useIntentKey(scope: string): { key: string; settle: () => void } {
  const storageKey = `hanabi.${scope}.${useEntryKey()}`;
  const [memory, setMemory] = useState<CreateOnceMemory>(
    () => readMemory(storageKey) ?? writeMemory(storageKey, { key: crypto.randomUUID() }),
  );
  const settle = () => setMemory(writeMemory(storageKey, { key: crypto.randomUUID() }));
  return { key: memory.key, settle };
}
