import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/streamer/editor/digitalgoods`: the streamer's digital goods and the prize image editor. */
export function DigitalGoodsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.digitalGoods.title')}
      description={t('pages.digitalGoods.empty')}
      icon={<IconGift size={32} stroke={1.5} aria-hidden />}
    />
  );
}
