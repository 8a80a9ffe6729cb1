/**
 * After a failed submit: scrolls to and focuses the form's first invalid field (in page order), once React has
 * rendered the errors — long forms otherwise keep the reader at the bottom, far from what to fix (issue 22).
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  if (!form) return;
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = field ?? form.querySelector<HTMLElement>('[data-form-summary]');
    if (!target) return;
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  });
}
