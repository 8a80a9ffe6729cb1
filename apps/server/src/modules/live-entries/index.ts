// The public face of `modules/live-entries`: what other folders may import from it (decision 0181); the rest is its own.
export { countEntrants, entrantsCte, freezeEntrants, recentEntrantNames, rowsOf } from './entrants.sql.ts';
export type { EntrantIdentity } from './entrants.sql.ts';
export { authorReasons } from './entrants.sql.ts';
export type { AuthorReason, EntryCampaign } from './entrants.sql.ts';
export { commentRuleReason, eligibleCommentCondition } from './entry-rule.ts';
export { commentOfStream, streamSeesComment } from './stream-comments.sql.ts';
export { chatsBehind } from './ingest-progress.sql.ts';
export type { ChatBehind } from './ingest-progress.sql.ts';
