import { Alert, Button, Group } from '@mantine/core';
import { IconGift, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { errorMessageOf } from '../../../lib/toast';
import { useCreateOnce } from '../../../lib/use-create-once';
import { GOODS_PATH, GoodsForm } from '../components/goods-form';
import { GoodsList } from '../components/goods-list';
import { useGoodsList } from '../../../lib/goods-api';

/** The create form, once per history entry: Back to it after creating offers the goods, not a second one. */
function NewGoods() {
  const { t } = useTranslation();
  const [memory, remember] = useCreateOnce('goodsCreate');
  if (memory.createdId) {
    return (
      <Alert color="blue" title={t('journey.goodsAlreadyCreated')} data-testid="goods-already-created">
        <Group gap="sm" mt="xs">
          <Button component={Link} to={`${GOODS_PATH}?edit=${encodeURIComponent(memory.createdId)}`}>
            {t('journey.openCreatedGoods')}
          </Button>
          <Button component={Link} to={`${GOODS_PATH}?new=1`} variant="default">
            {t('journey.createAnotherGoods')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return <GoodsForm key="new" idempotencyKey={memory.key} onCreated={remember} />;
}

/** `/streamer/editor/digitalgoods`: the list; `?new=1` creates, `?edit=<id>` edits (with the image editor). */
export function DigitalGoodsPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const editId = search.get('edit');
  const creating = search.get('new') === '1';
  const list = useGoodsList();

  if (creating) {
    return (
      <>
        <PageTitle>{t('goods.form.createTitle')}</PageTitle>
        <NewGoods />
      </>
    );
  }
  if (editId) {
    const goods = list.data?.find((item) => item.id === editId);
    return (
      <>
        <PageTitle>{t('goods.form.editTitle')}</PageTitle>
        {list.isPending ? (
          <CenteredLoader />
        ) : goods ? (
          <GoodsForm key={goods.id} goods={goods} />
        ) : (
          <EmptyState
            description={t('goods.form.notFound')}
            next={{ to: GOODS_PATH, label: t('goods.backToList') }}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageTitle>{t('pages.digitalGoods.title')}</PageTitle>
      {list.isPending ? (
        <CenteredLoader />
      ) : list.isError ? (
        <Alert color="red" title={t('goods.loadFailed')}>
          {errorMessageOf(list.error)}
        </Alert>
      ) : list.data.length === 0 ? (
        <EmptyState
          description={t('goods.list.empty')}
          icon={<IconGift size={32} stroke={1.5} aria-hidden />}
          next={{ to: `${GOODS_PATH}?new=1`, label: t('goods.list.createFirst') }}
        />
      ) : (
        <>
          <Group justify="flex-end" mb="md">
            <Button
              component={Link}
              to={`${GOODS_PATH}?new=1`}
              leftSection={<IconPlus size={16} />}
              data-testid="goods-create"
            >
              {t('goods.list.create')}
            </Button>
          </Group>
          <GoodsList goods={list.data} />
        </>
      )}
    </>
  );
}
