import { describe, expect, it } from 'vitest';
import type { PlatformIdentity } from './platform-identities.repository.ts';
import { profileFieldsOf, profileLinksOf } from './profile-fields.ts';

const twitcasting: PlatformIdentity = {
  platform: 'twitcasting',
  platformUserId: '182224938',
  screenId: 'Hanabi_Tc',
  displayName: null,
  imageUrl: 'https://tc.example/i.png',
};
const youtube: PlatformIdentity = {
  platform: 'youtube',
  platformUserId: 'UC/odd id',
  screenId: null,
  displayName: 'Hanabi Channel',
  imageUrl: null,
};

describe('the contract’s person fields from linked accounts', () => {
  it('fills each platform’s flat fields from its row, null where nothing is linked', () => {
    expect(profileFieldsOf([twitcasting, youtube])).toEqual({
      youtubeChannelId: 'UC/odd id',
      youtubeTitle: 'Hanabi Channel',
      youtubeThumbnailUrl: null,
      twitcastingUserId: '182224938',
      twitcastingScreenId: 'Hanabi_Tc',
      twitcastingName: null,
      twitcastingImageUrl: 'https://tc.example/i.png',
    });
    expect(Object.values(profileFieldsOf([])).every((value) => value === null)).toBe(true);
  });

  it('links the profiles in platform order, labelled by name or handle, skipping an account without a handle', () => {
    expect(profileLinksOf([twitcasting, youtube])).toEqual([
      { platform: 'youtube', label: 'Hanabi Channel', url: 'https://www.youtube.com/channel/UC%2Fodd%20id' },
      { platform: 'twitcasting', label: 'Hanabi_Tc', url: 'https://twitcasting.tv/Hanabi_Tc' },
    ]);
    expect(profileLinksOf([{ ...twitcasting, screenId: null }])).toEqual([]);
  });
});
