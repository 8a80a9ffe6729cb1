import { describe, expect, it } from 'vitest';
import { keyReferences, splitMessages, type MessageTree } from '../../apps/web/build/message-split.plugin.ts';
import { en } from '../../apps/web/src/lib/i18n/en.ts';
import { ja } from '../../apps/web/src/lib/i18n/ja.ts';

/** Every leaf key of a message tree. */
function keysOf(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const messages: MessageTree = {
  app: { name: 'Hanabi', tagline: 'Prize campaigns' },
  streamerDirectory: {
    followers_one: '{{count}} follower',
    followers_other: '{{count}} followers',
    title: 'x',
  },
  liveRoom: { status: { open: 'Open', closed: 'Closed' }, title: 'Live room' },
  operatorTokens: { title: 'Tokens', mint: 'Mint' },
};
const groups = Object.keys(messages);

describe('message split (decision 0190)', () => {
  it('finds the keys code names, in quotes and at the start of template keys, minified or not', () => {
    const code =
      't("app.name");n(`liveRoom.status.${s}`);const k={a:\'streamerDirectory.followers\'};' +
      'fetch("/app/config");x("appendix.title");y("app")';
    expect([...keyReferences(code, groups)].sort()).toEqual([
      'app.name',
      'liveRoom.status.',
      'streamerDirectory.followers',
    ]);
  });

  it('keeps in the first load what is named (with plural forms and a template key’s every ending), the rest later', () => {
    const { first, later } = splitMessages(messages, [
      'app.name',
      'streamerDirectory.followers',
      'liveRoom.status.',
    ]);
    expect(first).toEqual({
      app: { name: 'Hanabi' },
      streamerDirectory: { followers_one: '{{count}} follower', followers_other: '{{count}} followers' },
      liveRoom: { status: { open: 'Open', closed: 'Closed' } },
    });
    expect(later).toEqual({
      app: { tagline: 'Prize campaigns' },
      streamerDirectory: { title: 'x' },
      liveRoom: { title: 'Live room' },
      operatorTokens: { title: 'Tokens', mint: 'Mint' },
    });
  });

  it('a group named as a whole goes to the first load whole', () => {
    const { first, later } = splitMessages(messages, ['liveRoom']);
    expect(first).toEqual({ liveRoom: messages.liveRoom });
    expect(keysOf(later)).not.toContain('liveRoom.title');
  });

  it("loses no text of the app's messages: first and later together are all of them, in both languages", () => {
    for (const tree of [ja, en] as unknown as MessageTree[]) {
      const { first, later } = splitMessages(tree, [
        'campaigns.detail',
        'app.name',
        'liveRoom.winnerStatus.',
      ]);
      const firstKeys = keysOf(first);
      const laterKeys = keysOf(later);
      expect(firstKeys.filter((key) => laterKeys.includes(key))).toEqual([]);
      expect([...firstKeys, ...laterKeys].sort()).toEqual(keysOf(tree).sort());
      expect(firstKeys).toContain('app.name');
      expect(firstKeys.some((key) => key.startsWith('campaigns.detail.'))).toBe(true);
    }
  });
});
