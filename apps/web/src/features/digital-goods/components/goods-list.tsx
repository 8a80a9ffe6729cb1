import type { DigitalGoods } from '@hanabi/api';
import {
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconEdit, IconEye, IconEyeOff, IconGift, IconRocket, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { deleteGoods, publishGoods, updateGoods, useInvalidateGoods } from '../../../lib/goods-api';
import { GOODS_PATH } from './goods-form';

function GoodsCard({ goods }: { goods: DigitalGoods }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateGoods();
  const onError = (error: unknown) => showErrorToast(errorMessageOf(error));
  const publish = useMutation({
    mutationFn: () => publishGoods(goods.id),
    onSuccess: async () => {
      await invalidate();
      showSuccessToast(t('goods.list.publishedToast'));
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => deleteGoods(goods.id),
    onSuccess: async () => {
      await invalidate();
      showSuccessToast(t('goods.list.deletedToast'));
    },
    onError,
  });
  const hide = useMutation({
    mutationFn: (hidden: boolean) => updateGoods(goods.id, { hidden }),
    onSuccess: async () => {
      await invalidate();
      showSuccessToast();
    },
    onError,
  });

  const confirmPublish = () =>
    modals.openConfirmModal({
      title: t('goods.list.publishTitle', { name: goods.name }),
      children: <Text size="sm">{t('goods.list.publishBody')}</Text>,
      labels: { confirm: t('goods.list.publish'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'confirm-publish' } as Record<string, string>,
      onConfirm: () => publish.mutate(),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('goods.list.deleteTitle', { name: goods.name }),
      children: <Text size="sm">{t('goods.list.deleteBody')}</Text>,
      labels: { confirm: t('goods.list.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });

  const isDraft = goods.status === 'draft';
  return (
    <Card withBorder padding="sm" data-testid="goods-card" component="article" aria-label={goods.name}>
      <Card.Section>
        <AspectRatio ratio={1}>
          {goods.image ? (
            <Image src={goods.image.url} alt={t('goods.list.imageAlt', { name: goods.name })} fit="cover" />
          ) : (
            <Center bg="gray.1">
              <IconGift size={48} stroke={1.2} aria-label={t('goods.list.noImage')} />
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} lineClamp={1}>
            {goods.name}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {goods.hidden && (
              <Badge color="gray.7" variant="outline">
                {t('goods.status.hidden')}
              </Badge>
            )}
            <Badge color={isDraft ? 'gray.7' : 'teal.9'} variant="filled" data-testid="goods-status">
              {t(`goods.status.${goods.status}`)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('goods.list.supply', { supply: goods.supply, remaining: goods.remaining })}
        </Text>
        <Group gap={6} mt={4}>
          <Button
            size="compact-sm"
            variant="default"
            component={Link}
            to={`${GOODS_PATH}?edit=${encodeURIComponent(goods.id)}`}
            leftSection={<IconEdit size={14} />}
          >
            {t('goods.list.edit')}
          </Button>
          {isDraft ? (
            <>
              <Button
                size="compact-sm"
                leftSection={<IconRocket size={14} />}
                onClick={confirmPublish}
                loading={publish.isPending}
                disabled={!goods.image}
                title={goods.image ? undefined : t('goods.list.publishNeedsImage')}
                data-testid="goods-publish"
              >
                {t('goods.list.publish')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={confirmDelete}
                loading={remove.isPending}
              >
                {t('goods.list.delete')}
              </Button>
            </>
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={goods.hidden ? <IconEye size={14} /> : <IconEyeOff size={14} />}
              onClick={() => hide.mutate(!goods.hidden)}
              loading={hide.isPending}
            >
              {goods.hidden ? t('goods.list.show') : t('goods.list.hide')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function GoodsList({ goods }: { goods: DigitalGoods[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="goods-list">
      {goods.map((item) => (
        <GoodsCard key={item.id} goods={item} />
      ))}
    </SimpleGrid>
  );
}
