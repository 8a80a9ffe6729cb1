import { useState } from 'react';
import { useEntryKey } from './router';

export interface CreateOnceMemory {
  /** The Idempotency-Key this form sends with every create. */
  key: string;
  /** What it created, once it has. */
  createdId?: string;
}

/**
 * A create form's Idempotency-Key and result, kept per history entry (`useEntryKey`, in
 * sessionStorage): Back to a form that already created its item can offer that item instead of a second one,
 * and a resubmit sends the same key, so the server answers the same item (decision 0073). "Create another" is a
 * new history entry, so a new key. `scope` keeps forms apart (`campaignCreate`, `goodsCreate`).
 */
export function useCreateOnce(scope: string): [CreateOnceMemory, (createdId: string) => void] {
  const entry = useEntryKey();
  const storageKey = `hanabi.${scope}.${entry}`;
  const [memory] = useState<CreateOnceMemory>(() => {
    try {
      const stored = sessionStorage.getItem(storageKey);
      if (stored) return JSON.parse(stored) as CreateOnceMemory;
    } catch {
      // Storage unavailable or unreadable: a fresh key still guards double submits of this page.
    }
    const fresh = { key: crypto.randomUUID() };
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(fresh));
    } catch {
      // As above.
    }
    return fresh;
  });
  // Stored only: the form stays mounted while it navigates on; Back mounts the page anew and reads it.
  const remember = (createdId: string) => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify({ ...memory, createdId }));
    } catch {
      // As above.
    }
  };
  return [memory, remember];
}
