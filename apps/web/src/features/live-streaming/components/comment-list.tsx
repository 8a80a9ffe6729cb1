import type { LiveComment } from '@hanabi/api';
import {
  Avatar,
  Badge,
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CenteredLoader } from '../../../components/centered-loader';
import { LoadMoreButton } from '../../../components/load-more-button';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { errorMessageOf } from '../../../lib/toast';
import { useLiveComments, type StreamRef } from '../live-api';

function CommentRow({ comment }: { comment: LiveComment }) {
  const { t, i18n } = useTranslation();
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      data-testid="live-comment"
      data-eligible={comment.eligible}
      data-reason={comment.reason ?? undefined}
    >
      <Avatar src={comment.authorImageUrl} alt="" size="sm" radius="xl" />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {comment.authorName}
          </Text>
          {comment.isOwner && (
            <Badge size="xs" color="yellow.9" variant="filled">
              {t('liveRoom.badge.owner')}
            </Badge>
          )}
          {comment.isModerator && (
            <Badge size="xs" color="blue.9" variant="filled">
              {t('liveRoom.badge.moderator')}
            </Badge>
          )}
          {comment.isMember && (
            <Badge size="xs" color="green.9" variant="filled">
              {t('liveRoom.badge.member')}
            </Badge>
          )}
          {comment.kind === 'superChat' && (
            <Badge size="xs" color="pink.9" variant="filled">
              {t('liveRoom.badge.superChat')}
            </Badge>
          )}
          <Badge
            size="xs"
            variant={comment.reason === null && comment.eligible ? 'filled' : 'outline'}
            color={comment.reason === null && comment.eligible ? 'teal.9' : 'gray.7'}
            data-testid="comment-entry-badge"
          >
            {comment.reason === null
              ? comment.eligible
                ? t('liveRoom.eligible')
                : t('liveRoom.notEligible')
              : comment.reason === 'duplicate'
                ? t('journey.reason.duplicate')
                : `${t('liveRoom.notEligible')}: ${t(`journey.reason.${comment.reason}`)}`}
          </Badge>
        </Group>
        <Text
          size="sm"
          td={comment.deleted ? 'line-through' : undefined}
          c={comment.deleted ? 'dimmed' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {comment.text}
          {comment.deleted && <VisuallyHidden> ({t('liveRoom.deleted')})</VisuallyHidden>}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(comment.publishedAt, i18n.language)}
        </Text>
      </Stack>
    </Group>
  );
}

/** The chat as read, newest first, per stream; refreshed by the page when the SSE says comments arrived. */
export function CommentList({ campaignId, streams }: { campaignId: string; streams: StreamRef[] }) {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState(streams[0]?.platform);
  const [onlyEligible, setOnlyEligible] = useState(false);
  const stream = streams.find((s) => s.platform === platform) ?? streams[0] ?? null;
  const comments = useLiveComments(campaignId, stream, onlyEligible);
  const list = comments.data?.pages.flatMap((page) => page.list) ?? [];
  const total = comments.data?.pages[0]?.total;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="comments-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="comments-heading">
            {t('liveRoom.commentsTitle')}
            {total !== undefined && (
              <Text span size="sm" c="dimmed" ml="xs">
                ({total.toLocaleString()})
              </Text>
            )}
          </Title>
          <Switch
            label={t('liveRoom.onlyEntries')}
            checked={onlyEligible}
            onChange={(event) => setOnlyEligible(event.currentTarget.checked)}
          />
        </Group>
        {streams.length > 1 && (
          <SegmentedControl
            aria-label={t('liveRoom.commentsPlatform')}
            value={stream?.platform ?? ''}
            onChange={(value) => setPlatform(value as StreamRef['platform'])}
            data={streams.map((s) => ({ value: s.platform, label: t(`liveConnect.platform.${s.platform}`) }))}
          />
        )}
        {!stream ? (
          <EmptyState
            description={t('liveRoom.noStream')}
            icon={<IconMessages size={32} stroke={1.5} aria-hidden />}
          />
        ) : comments.isPending ? (
          <CenteredLoader />
        ) : comments.isError ? (
          <Text c="red" size="sm" role="alert">
            {errorMessageOf(comments.error)}
          </Text>
        ) : list.length === 0 ? (
          <EmptyState
            description={onlyEligible ? t('liveRoom.noEntries') : t('liveRoom.noComments')}
            icon={<IconMessages size={32} stroke={1.5} aria-hidden />}
          />
        ) : (
          // A live chat scrolls inside its card, so the draw panel beside it stays in view.
          // Focusable, so keyboard users can scroll it even when no button inside is (a page without "more").
          <ScrollArea.Autosize
            mah={640}
            type="auto"
            offsetScrollbars
            viewportProps={{ tabIndex: 0, 'aria-label': t('liveRoom.commentsTitle') }}
          >
            <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((comment) => (
                <li key={comment.id}>
                  <CommentRow comment={comment} />
                </li>
              ))}
            </Stack>
            <LoadMoreButton query={comments} label={t('liveRoom.loadMore')} centered variant="light" />
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Card>
  );
}
