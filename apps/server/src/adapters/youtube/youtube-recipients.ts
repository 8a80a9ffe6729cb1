import type { PlatformRecipients } from '../live-chat/index.ts';

/** YouTube channel ids: `UC` and 22 base64url characters. */
const YOUTUBE_CHANNEL = /^UC[0-9A-Za-z_-]{22}$/;

/** A list names a YouTube account by its channel id, recognisable bare; nothing to resolve (no handles). */
export const youtubeRecipients: PlatformRecipients = {
  idNoun: 'YouTube channel id',
  shape: YOUTUBE_CHANNEL,
  check: (id) =>
    YOUTUBE_CHANNEL.test(id)
      ? { ok: true, id }
      : { ok: false, reason: 'a YouTube channel id is UC followed by 22 characters' },
};
