import type { StreamerCard } from '@hanabi/api';
import { Button } from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { useAccount } from '../../../lib/account';
import { useFollow } from '../streamer-api';

/** Follow / unfollow, for signed-in audience members only. */
export function FollowButton({ streamer }: { streamer: Pick<StreamerCard, 'id' | 'name' | 'isFollowing'> }) {
  const { t } = useTranslation();
  const { data: account } = useAccount();
  const mutation = useFollow(streamer.id);
  if (account?.type !== 'audience') return null;
  const following = streamer.isFollowing;
  return (
    <Button
      size="xs"
      variant={following ? 'filled' : 'light'}
      leftSection={
        following ? <IconUserCheck size={16} aria-hidden /> : <IconUserPlus size={16} aria-hidden />
      }
      aria-pressed={following}
      aria-label={t(following ? 'streamerDirectory.unfollowLabel' : 'streamerDirectory.followLabel', {
        name: streamer.name,
      })}
      loading={mutation.isPending}
      onClick={() => mutation.mutate(!following)}
      data-testid="follow-button"
    >
      {t(following ? 'streamerDirectory.following' : 'streamerDirectory.follow')}
    </Button>
  );
}
