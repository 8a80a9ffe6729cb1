import type { AppConfig } from '../../config.ts';
import { YouTubeHttpApi } from './youtube-http.ts';
import type { YouTubeApi, YouTubeApiOptions } from './youtube.adapter.ts';

export { youtubePacing, pacificDay, msUntilQuotaReset } from './youtube-pacing.ts';
export * from './youtube.adapter.ts';
export { YouTubeHttpApi } from './youtube-http.ts';

/**
 * The one implementation serves both modes: embedded config points its URLs at this server's /sandbox/youtube,
 * so the sandbox is exercised by exactly the code that talks to Google.
 */
export function createYouTubeApi(config: AppConfig, onQuota?: YouTubeApiOptions['onQuota']): YouTubeApi {
  return new YouTubeHttpApi({ ...config.live.youtube, onQuota });
}
export { youtubeDriver } from './youtube.driver.ts';
export { youtubeChannelUrl } from './youtube-pages.ts';
