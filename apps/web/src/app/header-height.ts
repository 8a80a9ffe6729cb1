/** The app shell's header height in px: the layout sets it, and toasts start below it so it stays usable. */
export const HEADER_HEIGHT = 60;
