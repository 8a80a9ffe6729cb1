import type { LivePlatformRegistry } from '../../adapters/live-platforms/index.ts';
import { businessRule } from '../../lib/app-error.ts';
import type { ParsedRecipient } from './recipient-parser.ts';

/**
 * Rewrites every row that names a platform account by a changeable handle (a TwitCasting screen id) to the
 * stable id the platform answers for it today (decision 0061), as the platform's driver resolves it, so what is
 * held or matched is the stable id; a handle nobody has becomes an invalid row (400 on sending). Runs before the
 * distribution's transaction: no lock is held while a platform answers. 422 when a platform refuses the list.
 */
export async function resolveRecipientHandles(
  parsed: readonly ParsedRecipient[],
  platforms: LivePlatformRegistry,
): Promise<ParsedRecipient[]> {
  let rows = [...parsed];
  for (const driver of platforms.all()) {
    const { recipients } = driver;
    if (!recipients.resolve) continue;
    const ids = [...new Set(rows.flatMap((item) => (item.ok && item.kind === driver.id ? [item.id] : [])))];
    if (ids.length === 0) continue;
    const answer = await recipients.resolve(ids);
    if (!answer.ok) {
      const { reason, message, detail } = answer.refusal;
      throw businessRule(reason, message, [{ field: 'body.distributionList', message: detail }]);
    }
    rows = rows.map((item) => {
      if (!item.ok || item.kind !== driver.id) return item;
      const resolved = answer.ids.get(item.id);
      if (!resolved) throw new Error(`${driver.name} answered no id for "${item.id}"`);
      return resolved.ok
        ? { ...item, id: resolved.id }
        : { ok: false, kind: item.kind, reason: resolved.reason };
    });
  }
  return rows;
}
