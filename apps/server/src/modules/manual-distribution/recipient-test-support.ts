import { createLivePlatforms } from '../../adapters/live-platforms/index.ts';
import { TwitCastingHttpApi, type TwitCastingApi } from '../../adapters/twitcasting/index.ts';
import { YouTubeHttpApi } from '../../adapters/youtube/index.ts';

/** The real drivers over clients that reach nothing (a closed port), TwitCasting's replaceable by a fake. */
export function platformsFor(
  twitcasting: TwitCastingApi = new TwitCastingHttpApi({
    apiUrl: 'http://127.0.0.1:9/twitcasting',
    clientId: 'tc-client',
    clientSecret: 'tc-secret',
  }),
) {
  const youtube = new YouTubeHttpApi({
    clientId: 'client',
    clientSecret: 'secret',
    apiUrl: 'http://127.0.0.1:9/youtube/v3',
    authorizationUrl: 'http://127.0.0.1:9/o/oauth2/v2/auth',
    tokenUrl: 'http://127.0.0.1:9/token',
  });
  return createLivePlatforms({ youtube, youtubeFor: () => youtube, twitcasting });
}
