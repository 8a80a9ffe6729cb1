import type { Plugin } from 'vite';

const VIRTUAL_ID = '\0hanabi:remove-scroll-class-names';
/** Mantine's AppShell sections, which read only `RemoveScroll.classNames` from react-remove-scroll. */
const APP_SHELL_SECTION = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;

/**
 * Build step (issue 16, decision 0197): Mantine's AppShell header, footer and aside import react-remove-scroll
 * only to read two class names off `RemoveScroll.classNames` (so a fixed header keeps its place while a modal
 * locks the page's scroll). That import put the whole scroll lock (react-remove-scroll, its scroll-bar, sidecar
 * and style-singleton packages and tslib, ~4.3 KiB gzip) into every page's first load, where nothing locks the
 * scroll. For those three modules only, the import resolves to the same two names read from the library's own
 * constants; modals and drawers still import the real scroll lock, in their own chunks, and it adds its rules for
 * exactly these class names.
 */
export function appShellScrollClassNames(): Plugin {
  return {
    name: 'hanabi:app-shell-scroll-class-names',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-remove-scroll' && importer && APP_SHELL_SECTION.test(importer)) return VIRTUAL_ID;
      return null;
    },
    load(id) {
      if (id !== VIRTUAL_ID) return null;
      return [
        "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
        'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
      ].join('\n');
    },
  };
}
