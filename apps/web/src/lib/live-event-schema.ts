// The live event schema on its own, so the pages that listen (the public campaign page among them) load it and
// zod as a lazy chunk after the first paint instead of in their first load (decision 0100).
export { LiveEvent } from '@hanabi/api';
