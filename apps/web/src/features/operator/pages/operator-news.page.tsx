import type { NewsAdminItem } from '@hanabi/api';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconEdit, IconEyeOff, IconNews, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { DatesInPageLanguage } from '../../../components/date-time-field';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { formatDateTime } from '../../../lib/format';
import { showErrorToast, showSuccessToast, errorMessageOf } from '../../../lib/toast';
import { ToolCard } from '../components/tool-card';
import { useNewsDesk, useNewsWrites } from '../news-desk/news-desk-api';
import { NewsForm } from '../news-desk/news-form';

// Filled, dark shades: white text keeps at least a 4.5:1 contrast.
const STATE_COLORS = { draft: 'gray.7', scheduled: 'blue.9', published: 'teal.9' } as const;

/** `/operator/news`: the news desk — write, edit, schedule, unpublish and delete, with a preview. */
export function OperatorNewsPage() {
  const { t, i18n } = useTranslation();
  const desk = useNewsDesk();
  const writes = useNewsWrites();
  const [editing, setEditing] = useState<NewsAdminItem | null>(null);
  // A new key remounts the form empty after a successful create.
  const [formKey, setFormKey] = useState(0);
  const items = desk.data?.pages.flatMap((page) => page.list) ?? [];

  const confirm = (title: string, body: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: t('newsDesk.confirm'), cancel: t('newsDesk.cancel') },
      confirmProps: { color: 'red' },
      onConfirm,
    });

  const unpublish = (item: NewsAdminItem) =>
    confirm(t('newsDesk.confirmUnpublishTitle'), t('newsDesk.confirmUnpublish', { title: item.title }), () =>
      writes.update.mutate(
        { id: item.id, body: { publishedAt: null } },
        {
          onSuccess: () => showSuccessToast(t('newsDesk.toastUnpublished')),
          onError: (error) => showErrorToast(errorMessageOf(error)),
        },
      ),
    );
  const remove = (item: NewsAdminItem) =>
    confirm(t('newsDesk.confirmDeleteTitle'), t('newsDesk.confirmDelete', { title: item.title }), () =>
      writes.remove.mutate(item.id, {
        onSuccess: () => {
          showSuccessToast(t('newsDesk.toastDeleted'));
          if (editing?.id === item.id) setEditing(null);
        },
        onError: (error) => showErrorToast(errorMessageOf(error)),
      }),
    );

  const dateLine = (item: NewsAdminItem) => {
    if (item.state === 'published' && item.publishedAt) {
      return t('newsDesk.publishedAt', { date: formatDateTime(item.publishedAt, i18n.language) });
    }
    if (item.state === 'scheduled' && item.publishedAt) {
      return t('newsDesk.scheduledAt', { date: formatDateTime(item.publishedAt, i18n.language) });
    }
    return t('newsDesk.updatedAt', { date: formatDateTime(item.updatedAt, i18n.language) });
  };

  return (
    <>
      <PageTitle>{t('pages.operatorNews.title')}</PageTitle>
      <Stack gap="lg" maw={960}>
        <ToolCard
          id="news-form"
          title={editing ? t('newsDesk.edit') : t('newsDesk.new')}
          icon={<IconNews size={22} stroke={1.6} aria-hidden />}
        >
          <DatesInPageLanguage>
            <NewsForm
              key={editing ? `edit-${editing.id}` : `new-${formKey}`}
              item={editing}
              saving={writes.create.isPending || writes.update.isPending}
              error={editing ? writes.update.error : writes.create.error}
              onCancel={editing ? () => setEditing(null) : undefined}
              onSave={(body) => {
                if (editing) {
                  writes.update.mutate(
                    { id: editing.id, body },
                    {
                      onSuccess: () => {
                        showSuccessToast(t('newsDesk.toastUpdated'));
                        setEditing(null);
                      },
                    },
                  );
                } else {
                  writes.create.mutate(body, {
                    onSuccess: () => {
                      showSuccessToast(t('newsDesk.toastPosted'));
                      setFormKey((key) => key + 1);
                    },
                  });
                }
              }}
            />
          </DatesInPageLanguage>
        </ToolCard>

        <Stack gap="xs" component="section" aria-labelledby="news-desk-list">
          <Title order={2} size="h4" id="news-desk-list">
            {t('newsDesk.list')}
          </Title>
          {desk.isPending ? (
            <Skeleton height={80} radius="md" />
          ) : desk.isError ? (
            <Text c="red" size="sm" role="alert">
              {errorMessageOf(desk.error)}
            </Text>
          ) : items.length === 0 ? (
            <EmptyState
              description={t('newsDesk.empty')}
              icon={<IconNews size={32} stroke={1.5} aria-hidden />}
            />
          ) : (
            items.map((item) => (
              <Card key={item.id} withBorder padding="sm" data-testid="news-desk-item">
                <Stack gap={6}>
                  <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.title}
                    </Text>
                    <Badge color={STATE_COLORS[item.state]} variant="filled" style={{ flexShrink: 0 }}>
                      {t(`newsDesk.states.${item.state}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {dateLine(item)}
                    {item.author ? ` · ${item.author.name}` : ''}
                  </Text>
                  <Group gap="xs">
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconEdit size={14} aria-hidden />}
                      onClick={() => {
                        setEditing(item);
                        window.scrollTo({ top: 0, behavior: 'smooth' });
                      }}
                    >
                      {t('newsDesk.edit')}
                    </Button>
                    {item.state !== 'draft' && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="gray"
                        leftSection={<IconEyeOff size={14} aria-hidden />}
                        onClick={() => unpublish(item)}
                      >
                        {t('newsDesk.unpublish')}
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => remove(item)}
                    >
                      {t('newsDesk.delete')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))
          )}
          {desk.hasNextPage && (
            <Button
              variant="subtle"
              onClick={() => void desk.fetchNextPage()}
              loading={desk.isFetchingNextPage}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('newsDesk.loadMore')}
            </Button>
          )}
        </Stack>
      </Stack>
    </>
  );
}
