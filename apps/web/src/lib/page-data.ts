import {
  PAGE_DATA_ELEMENT_ID,
  SESSION_HINT_COOKIE,
  type Campaign,
  type CampaignResults,
  type PublicConfig,
  type PublicDraw,
} from '@hanabi/api';

/**
 * Public reads the server wrote into the page it served (decisions 0113, 0194), so opening a campaign from a chat link
 * costs the shell and no API call for them. Same bodies as the API's (the public, signed-out view).
 */
export interface PageData {
  campaign?: Campaign;
  config?: PublicConfig;
  /** The campaign's public results (live and ended campaigns). */
  results?: CampaignResults;
  /** The draw of a proof page (decision 0194): public, the same for everyone. */
  draw?: PublicDraw;
}

let data: PageData | null = null;

function pageData(): PageData {
  if (data) return data;
  data = {};
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (element?.textContent) {
    try {
      data = JSON.parse(element.textContent) as PageData;
    } catch {
      // A page without usable data: the app asks the API as it would anyway.
    }
  }
  return data;
}

/**
 * One value of the page's data, handed out once: it describes the page as it was served, so a later navigation
 * (or a second look) asks the API as usual.
 */
export function takePageData<K extends keyof PageData>(key: K): PageData[K] | undefined {
  const all = pageData();
  const value = all[key];
  delete all[key];
  return value;
}

/** Whether the server said this browser has a session (the readable hint next to the HttpOnly cookie). */
export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return true;
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** Tests: forget what was read, so the next read looks at the document again. */
export function resetPageData(): void {
  data = null;
}
