import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { usePublicConfig } from '../../../lib/public-config';
import { errorMessageOf, showErrorToast } from '../../../lib/toast';
import {
  sandboxCall,
  type SandboxMessage,
  type SandboxPlatform,
  type SandboxState,
  type SandboxStream,
} from '../sandbox-console.api';

const stateKey = ['sandbox', 'state'] as const;

function PostForm({ stream }: { stream: SandboxStream }) {
  const { t } = useTranslation();
  const [authorName, setAuthorName] = useState('Viewer');
  const [text, setText] = useState('');
  const [member, setMember] = useState(false);
  const [moderator, setModerator] = useState(false);
  const [owner, setOwner] = useState(false);
  const [yen, setYen] = useState<number | string>('');
  const youtube = stream.platform === 'youtube';
  const post = useMutation({
    mutationFn: () =>
      sandboxCall('POST', `/streams/${stream.id}/messages`, {
        authorName,
        text,
        member,
        moderator,
        owner,
        ...(youtube && Number(yen) > 0
          ? { superChat: { amountMicros: String(Number(yen) * 1_000_000), currency: 'JPY' } }
          : {}),
      }),
    onSuccess: () => setText(''),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  return (
    <Card withBorder component="form" onSubmit={(e) => (e.preventDefault(), post.mutate())}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('sandbox.post')}
        </Title>
        <Group grow>
          <TextInput
            label={t('sandbox.author')}
            value={authorName}
            onChange={(e) => setAuthorName(e.currentTarget.value)}
          />
          <TextInput
            label={t('sandbox.text')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        </Group>
        <Group>
          {youtube && (
            <Checkbox
              label={t('sandbox.member')}
              checked={member}
              onChange={(e) => setMember(e.currentTarget.checked)}
            />
          )}
          {youtube && (
            <Checkbox
              label={t('sandbox.moderator')}
              checked={moderator}
              onChange={(e) => setModerator(e.currentTarget.checked)}
            />
          )}
          <Checkbox
            label={t('sandbox.owner')}
            checked={owner}
            onChange={(e) => setOwner(e.currentTarget.checked)}
          />
          {youtube && (
            <NumberInput label={t('sandbox.superChat')} min={0} value={yen} onChange={setYen} w={160} />
          )}
        </Group>
        <Button type="submit" loading={post.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('sandbox.send')}
        </Button>
      </Stack>
    </Card>
  );
}

function AutoChatter({ stream }: { stream: SandboxStream }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [viewers, setViewers] = useState<number | string>(50);
  const [perSecond, setPerSecond] = useState<number | string>(2);
  const [keyword, setKeyword] = useState('#hanabi');
  const [share, setShare] = useState<number | string>(50);
  const toggle = useMutation({
    mutationFn: () =>
      stream.autoChatter
        ? sandboxCall('DELETE', `/streams/${stream.id}/auto-chatter`)
        : sandboxCall('PUT', `/streams/${stream.id}/auto-chatter`, {
            viewers: Number(viewers),
            perSecond: Number(perSecond),
            ...(keyword ? { keyword } : {}),
            keywordShare: Number(share) / 100,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stateKey }),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('sandbox.autoChatter')}
        </Title>
        <Group grow>
          <NumberInput
            label={t('sandbox.viewers')}
            min={1}
            max={10_000}
            value={viewers}
            onChange={setViewers}
          />
          <NumberInput
            label={t('sandbox.perSecond')}
            min={0.1}
            max={100}
            decimalScale={1}
            value={perSecond}
            onChange={setPerSecond}
          />
          <TextInput
            label={t('sandbox.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.currentTarget.value)}
          />
          <NumberInput
            label={t('sandbox.keywordShare')}
            min={0}
            max={100}
            suffix="%"
            value={share}
            onChange={setShare}
          />
        </Group>
        <Button
          onClick={() => toggle.mutate()}
          loading={toggle.isPending}
          color={stream.autoChatter ? 'red' : undefined}
          style={{ alignSelf: 'flex-start' }}
        >
          {stream.autoChatter ? t('sandbox.stopChatter') : t('sandbox.startChatter')}
        </Button>
      </Stack>
    </Card>
  );
}

function MessageList({ stream, names }: { stream: SandboxStream; names: Map<string, string> }) {
  const { t } = useTranslation();
  const messages = useQuery({
    queryKey: ['sandbox', 'messages', stream.id],
    queryFn: () => sandboxCall<{ messages: SandboxMessage[] }>('GET', `/streams/${stream.id}/messages`),
    refetchInterval: 1500,
  });
  const remove = useMutation({
    mutationFn: (id: string) => sandboxCall('DELETE', `/streams/${stream.id}/messages/${id}`),
    onSettled: () => messages.refetch(),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const shown = (messages.data?.messages ?? []).filter((m) => m.type !== 'deleted' && m.type !== 'chatEnded');
  return (
    <Card withBorder component="section" aria-label={t('sandbox.messages')}>
      <Title order={3} size="h5" mb="xs">
        {t('sandbox.messages')} ({shown.length})
      </Title>
      {shown.length === 0 ? (
        <Text c="dimmed">{t('sandbox.noMessages')}</Text>
      ) : (
        <Stack gap={4}>
          {shown
            .slice(-50)
            .reverse()
            .map((m) => (
              <Group key={m.id} gap="xs" wrap="nowrap" data-testid="sandbox-message">
                <Text size="sm" fw={600}>
                  {names.get(m.authorId) ?? m.authorId}
                </Text>
                {m.isMember && <Badge size="xs">{t('sandbox.member')}</Badge>}
                {m.isModerator && (
                  <Badge size="xs" color="grape">
                    {t('sandbox.moderator')}
                  </Badge>
                )}
                {m.superChat && (
                  <Badge size="xs" color="yellow">
                    ¥{Number(m.superChat.amountMicros) / 1_000_000}
                  </Badge>
                )}
                <Text
                  size="sm"
                  td={m.removed ? 'line-through' : undefined}
                  style={{ flex: 1, overflowWrap: 'anywhere' }}
                >
                  {m.text}
                </Text>
                {m.removed ? (
                  <Text size="xs" c="dimmed">
                    {t('sandbox.deleted')}
                  </Text>
                ) : (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(m.id)}>
                    {t('sandbox.delete')}
                  </Button>
                )}
              </Group>
            ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * `/dev/sandbox` (embedded mode only): the chat console of the fake platforms — go live as a fake streamer,
 * comment as any viewer (member, moderator, Super Chat), delete comments, run an auto-chatter.
 */
export function SandboxConsolePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const embedded = config.data?.mode === 'embedded';
  const [platform, setPlatform] = useState<SandboxPlatform>('youtube');
  const state = useQuery({
    queryKey: stateKey,
    queryFn: () => sandboxCall<SandboxState>('GET', '/state'),
    enabled: embedded,
    refetchInterval: 3000,
  });
  const live = useMutation({
    mutationFn: (input: { ownerId: string; streamId?: string }) =>
      input.streamId
        ? sandboxCall('POST', `/streams/${input.streamId}/end`)
        : sandboxCall('POST', '/streams', { platform, ownerId: input.ownerId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stateKey }),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });

  let content;
  if (config.isPending || (embedded && state.isPending)) content = <CenteredLoader />;
  else if (!embedded)
    content = (
      <EmptyState description={t('sandbox.unavailable')} next={{ to: '/', label: t('notFound.home') }} />
    );
  else if (state.error || !state.data)
    content = (
      <Alert color="red" role="alert">
        {errorMessageOf(state.error)}
      </Alert>
    );
  else {
    const names = new Map(state.data.accounts.map((a) => [a.id, a.name]));
    const streamers = state.data.accounts.filter((a) => a.platform === platform && a.selectable);
    const active = state.data.streams.filter((s) => s.platform === platform && !s.endedAt);
    content = (
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('sandbox.platform')}
          value={platform}
          onChange={(value) => setPlatform(value as SandboxPlatform)}
          data={[
            { value: 'youtube', label: 'YouTube' },
            { value: 'twitcasting', label: 'TwitCasting' },
          ]}
        />
        <Card withBorder component="section" aria-label={t('sandbox.streamers')}>
          <Stack gap="xs">
            {streamers.map((account) => {
              const stream = active.find((s) => s.ownerId === account.id);
              return (
                <Group key={account.id} justify="space-between">
                  <Text>
                    {account.name}{' '}
                    <Text span c="dimmed" size="sm">
                      {platform === 'youtube' ? account.id : `@${account.screenId}`}
                    </Text>
                  </Text>
                  <Group gap="xs">
                    <Badge color={stream ? 'red' : 'gray'}>
                      {stream ? t('sandbox.live') : t('sandbox.offline')}
                    </Badge>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => live.mutate({ ownerId: account.id, streamId: stream?.id })}
                    >
                      {stream ? t('sandbox.end') : t('sandbox.start')}
                    </Button>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </Card>
        {active.map((stream) => (
          <Stack key={stream.id} gap="sm">
            <Title order={2} size="h4">
              {names.get(stream.ownerId)} — {stream.title}
            </Title>
            <PostForm stream={stream} />
            <AutoChatter stream={stream} />
            <MessageList stream={stream} names={names} />
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageTitle>{t('sandbox.title')}</PageTitle>
      <Text c="dimmed" mb="md">
        {t('sandbox.intro')}
      </Text>
      {content}
    </>
  );
}
