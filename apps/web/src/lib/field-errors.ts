import { isApiError } from './api-client';

/** The part of a Mantine form that takes a server refusal's field details. */
export interface FieldErrorTarget {
  values: unknown;
  setFieldError: (path: string, error: string) => void;
}

/** `body.platforms[0]` → `platforms.0`: a contract field path as a form path. */
export function formPathOf(field: string): string {
  return field.replace(/^(body|query|params)\./, '').replace(/\[(\d+)\]/g, '.$1');
}

function hasPath(values: unknown, path: string): boolean {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * Puts each field detail of a refused request on the form field it names (the one mapping of the forms: profile,
 * goods, campaign, token tools) and returns the messages no field of the form takes, for a summary.
 */
export function placeFieldErrors(
  error: unknown,
  form: FieldErrorTarget,
  pathOf: (field: string) => string = formPathOf,
): string[] {
  const unplaced: string[] = [];
  if (!isApiError(error) || !error.details) return unplaced;
  for (const detail of error.details) {
    const path = pathOf(detail.field);
    if (hasPath(form.values, path)) form.setFieldError(path, detail.message);
    else unplaced.push(detail.message);
  }
  return unplaced;
}
