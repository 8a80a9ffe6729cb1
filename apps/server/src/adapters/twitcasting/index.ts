import type { AppConfig } from '../../config.ts';
import { TwitCastingHttpApi } from './twitcasting-http.ts';
import type { TwitCastingApi } from './twitcasting.adapter.ts';

export { twitcastingPacing } from './twitcasting-pacing.ts';
export { compareIds } from './twitcasting.mapper.ts';
export * from './twitcasting.adapter.ts';
export { TwitCastingHttpApi } from './twitcasting-http.ts';

/** One implementation for both modes: embedded config points its URL at this server's /sandbox/twitcasting. */
export function createTwitCastingApi(config: AppConfig): TwitCastingApi {
  return new TwitCastingHttpApi(config.live.twitcasting);
}
export { twitcastingDriver } from './twitcasting.driver.ts';
export { twitcastingChannelUrl } from './twitcasting-pages.ts';
