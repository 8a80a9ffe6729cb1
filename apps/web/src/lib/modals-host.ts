// Whether the lazy modals host (providers.tsx) is mounted: kept apart from `modals.ts` so the first load can
// mark it without importing @mantine/modals (decision 0103).
let markMounted: () => void = () => undefined;

/** Resolves once the modals host listens for `modals.*` events. */
export const modalsHostMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the host when it has mounted. */
export function modalsHostReady(): void {
  markMounted();
}
