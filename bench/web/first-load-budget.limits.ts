/**
 * Ceiling of first-load JavaScript (gzip) per public page. The goal is 150 KiB (issue 16); this is where the
 * app stands today plus a small margin, so a change that adds to the first load fails the budget test and must
 * either move code behind a dynamic import or raise this number on purpose (decision 0083).
 */
// Raised on purpose from 297 to 307 KiB when the campaign results section, the returning-wallet step and the
// live-room links merged (campaign page 305.7 KiB); the 150 KiB goal stands. 308 KiB on purpose when the
// dashboard's zone captions, the suspended notice, the overlay's "not found" and the news desk's toasts added
// their Japanese strings to the one dictionary every page loads (campaign page 307.2 KiB; code stayed lazy).
export const FIRST_LOAD_BUDGET_BYTES = 308 * 1024;
