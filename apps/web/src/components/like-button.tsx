import { apiRoutes, type LikeState, type LikeTargetKind } from '@hanabi/api';
import { Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../lib/i18n';
import { useAccount } from '../lib/account';
import { callApi } from '../lib/api-client';
import { errorMessageOf, showErrorToast } from '../lib/toast';

// The tooltip (Mantine Tooltip and floating-ui) is not in the campaign page's first load (decision 0103): the button
// shows at once and gains its "sign in to like" tooltip when the chunk arrives.
const Tooltip = lazy(async () => ({ default: (await import('./lazy-tooltip')).LazyTooltip }));

/** A like on a campaign or a token: the count for everyone, the toggle for signed-in audience members. */
export function LikeButton({ kind, id }: { kind: LikeTargetKind; id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: account } = useAccount();
  const key = ['likes', kind, id];
  const query = useQuery({
    queryKey: key,
    queryFn: () => callApi(apiRoutes.getLike, { params: { kind, id } }),
  });
  const mutation = useMutation({
    mutationFn: (like: boolean) =>
      like
        ? callApi(apiRoutes.addLike, { params: { kind, id } })
        : callApi(apiRoutes.removeLike, { params: { kind, id } }),
    onSuccess: (state) => queryClient.setQueryData<LikeState>(key, state),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const count = query.data?.likeCount ?? 0;
  const liked = query.data?.isLiked ?? false;
  const canLike = account?.type === 'audience';
  const button = (
    <Button
      size="sm"
      variant={liked ? 'filled' : 'light'}
      color="pink"
      leftSection={liked ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />}
      aria-pressed={liked}
      aria-label={t(liked ? 'likes.unlikeLabel' : 'likes.likeLabel', { count })}
      disabled={!canLike || query.isPending}
      loading={mutation.isPending}
      onClick={() => mutation.mutate(!liked)}
      data-testid="like-button"
    >
      {count}
    </Button>
  );
  if (canLike) return button;
  return (
    <Suspense fallback={button}>
      <Tooltip label={t('likes.signInToLike')}>{button}</Tooltip>
    </Suspense>
  );
}
