import { and, count, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveComment, type CampaignEntryRule } from '../../db/schema.ts';
import { atMillisecond } from '../../lib/cursor.ts';
import { authorReasons, type AuthorReason, type EntryCampaign } from '../live-entries/index.ts';
import { commentOfStream, eligibleCommentCondition } from '../live-entries/index.ts';
import type { LiveCommentRow } from './live-stream.repository.ts';

/** Reading the comments a stream sees (the poller stores them once per chat; see live-chat-write.ts). */
export class LiveCommentRepository {
  constructor(private readonly db: Db) {}

  /** One page of a stream's comments, newest first, keyed on (millisecond of publishedAt, id). */
  async page(input: {
    streamId: string;
    limit: number;
    before?: { publishedAt: Date; id: string };
    onlyEligible?: {
      rule: CampaignEntryRule;
      period: { startsAt: Date; endsAt: Date; entriesClosedAt: Date | null };
    };
  }): Promise<{ rows: LiveCommentRow[]; total: number }> {
    const base: SQL[] = [commentOfStream(input.streamId)];
    if (input.onlyEligible)
      base.push(eligibleCommentCondition(input.onlyEligible.rule, input.onlyEligible.period));
    const published = atMillisecond(liveComment.publishedAt);
    const page = [...base];
    if (input.before) {
      page.push(
        sql`(${published}, ${liveComment.id}) < (${input.before.publishedAt.toISOString()}::timestamptz, ${input.before.id})`,
      );
    }
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(liveComment)
        .where(and(...page))
        .orderBy(desc(published), desc(liveComment.id))
        .limit(input.limit),
      this.db
        .select({ n: count() })
        .from(liveComment)
        .where(and(...base)),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Author-level reasons (winner, cooldown, duplicate) for comments that pass the rule themselves. */
  authorReasons(campaign: EntryCampaign, commentIds: string[], at: Date): Promise<Map<string, AuthorReason>> {
    return authorReasons(this.db, campaign, commentIds, at);
  }
}
