import { PAGE_DATA_ELEMENT_ID, SESSION_HINT_COOKIE } from '@hanabi/api';
import { afterEach, describe, expect, it } from 'vitest';
import { hasSessionHint, resetPageData, takePageData } from './page-data';

function serve(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_DATA_ELEMENT_ID;
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  resetPageData();
});

describe('page data', () => {
  it('hands each value the page came with out once', () => {
    serve(JSON.stringify({ campaign: { id: 'c1' }, config: { mode: 'demo' } }));
    expect(takePageData('campaign')).toEqual({ id: 'c1' });
    expect(takePageData('campaign')).toBeUndefined();
    expect(takePageData('config')).toEqual({ mode: 'demo' });
  });

  it('a page without data (or unreadable data) has none: the app asks the API', () => {
    expect(takePageData('campaign')).toBeUndefined();
    resetPageData();
    serve('{not json');
    expect(takePageData('campaign')).toBeUndefined();
  });

  it('reads the session hint cookie', () => {
    expect(hasSessionHint()).toBe(true); // set by the test setup
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    expect(hasSessionHint()).toBe(false);
  });
});
