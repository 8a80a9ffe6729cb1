// Mantine's Tooltip on its own, for components that load it after the first paint (like-button.tsx).
export { Tooltip as LazyTooltip } from '@mantine/core';
