/**
 * Ceiling of first-load JavaScript (gzip) per public page. The goal is 150 KiB (issue 16); this is where the
 * app stands today plus a small margin, so a change that adds to the first load fails the budget test and must
 * either move code behind a dynamic import or raise this number on purpose (decision 0083).
 */
// Raised on purpose from 297 to 307 KiB when the campaign results section, the returning-wallet step and the
// live-room links merged (campaign page 305.7 KiB); the 150 KiB goal stands.
export const FIRST_LOAD_BUDGET_BYTES = 307 * 1024;
