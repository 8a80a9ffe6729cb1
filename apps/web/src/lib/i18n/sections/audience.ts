/**
 * Messages of the audience features, in both languages (merged into ja.ts / en.ts at the top level).
 * Keep ja and en with the same keys; i18n.test.ts checks the merged trees.
 */
export const audienceJa = {};

export const audienceEn: typeof audienceJa = {};
