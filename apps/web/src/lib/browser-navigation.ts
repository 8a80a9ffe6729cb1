/** Leaves the app for another page (an OAuth provider, a link flow). Replaceable in tests. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
