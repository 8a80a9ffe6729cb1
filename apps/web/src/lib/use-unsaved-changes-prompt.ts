import { modals } from './modals';
import { createElement, useEffect } from 'react';
import { useTranslation } from './i18n';
import { useLocation, useSearch } from 'wouter';
import { addBlocker } from './router';

/**
 * Asks before leaving a page with unsaved data (docs/original-spec.md §5):
 * in-app navigation (links, navigate calls, setSearchParams) and the browser's back/forward are held by a
 * blocker (`lib/router.ts`, in the app's location hook) and confirmed in a Mantine modal;
 * closing or reloading the tab triggers the browser's own `beforeunload` prompt.
 * Needs the ModalsProvider.
 */
export function useUnsavedChangesPrompt(dirty: boolean, message?: string): void {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const search = useSearch();
  const here = `${pathname}${search ? `?${search}` : ''}`;
  useEffect(() => {
    if (!dirty) return;
    // Set while a held navigation is being answered, so a second one (a double click) opens no second modal.
    let asking = false;
    return addBlocker({
      // Only leaving the page (path or query) asks; a `#fragment` on the same page does not.
      blocks: (to) => to.split('#')[0] !== here,
      hold: (proceed) => {
        if (asking) return;
        asking = true;
        modals.openConfirmModal({
          title: t('unsaved.title'),
          children: createElement('p', null, message ?? t('unsaved.message')),
          labels: { confirm: t('unsaved.leave'), cancel: t('unsaved.stay') },
          confirmProps: { color: 'red' },
          onConfirm: proceed,
          // Cancel, Escape or a click outside: stay.
          onClose: () => {
            asking = false;
          },
        });
      },
    });
  }, [dirty, here, message, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
