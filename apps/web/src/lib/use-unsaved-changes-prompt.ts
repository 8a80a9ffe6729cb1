import { modals } from './modals';
import { createElement, useEffect, useRef } from 'react';
import { useTranslation } from './i18n';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a page with unsaved data (docs/original-spec.md §5):
 * in-app navigation is held by react-router's `useBlocker` and confirmed in a Mantine modal;
 * closing or reloading the tab triggers the browser's own `beforeunload` prompt.
 * Needs a data router (createBrowserRouter / createMemoryRouter) and the ModalsProvider.
 */
export function useUnsavedChangesPrompt(dirty: boolean, message?: string): void {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  // Set while a blocked navigation is being (or has been) answered; cleared once the blocker lets go, so
  // re-renders during the answer never open a second modal.
  const promptOpen = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked') {
      promptOpen.current = false;
      return;
    }
    if (promptOpen.current) return;
    promptOpen.current = true;
    let decided = false;
    modals.openConfirmModal({
      title: t('unsaved.title'),
      children: createElement('p', null, message ?? t('unsaved.message')),
      labels: { confirm: t('unsaved.leave'), cancel: t('unsaved.stay') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        blocker.reset();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  }, [blocker, message, t]);

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
