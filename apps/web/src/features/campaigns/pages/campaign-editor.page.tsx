import type { CAMPAIGN_STATUSES } from '@hanabi/api';
import type { Campaign } from '@hanabi/api';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconConfetti, IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { DatesInPageLanguage } from '../../../components/date-time-field';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { formatDateTime } from '../../../lib/format';
import { useCreateOnce } from '../../../lib/use-create-once';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import {
  deleteCampaign,
  useCampaign,
  useInvalidateCampaigns,
  useMyCampaigns,
  usePublishedGoods,
} from '../campaign-api';
import { CAMPAIGN_LIST_PATH, CampaignForm } from '../components/campaign-form';
import { CampaignStatusBadge } from '../components/campaign-status-badge';
import { CampaignStateText, LiveRoomButton } from '../../../components/live-room-link';

function CampaignRow({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="sm" component="article" aria-label={campaign.title} data-testid="campaign-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <CampaignStatusBadge status={campaign.status} />
            <Text fw={600} lineClamp={1}>
              {campaign.title}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('campaigns.period', {
              start: formatDateTime(campaign.startsAt, i18n.language),
              end: formatDateTime(campaign.endsAt, i18n.language),
            })}
            {' · '}
            {campaign.prize.digitalGoods.name}
          </Text>
          <CampaignStateText campaign={campaign} />
        </Stack>
        <Group gap={6}>
          <LiveRoomButton campaign={campaign} />
          <Button
            size="compact-sm"
            variant="default"
            component={Link}
            to={`${CAMPAIGN_LIST_PATH}/${campaign.id}`}
          >
            {campaign.status === 'ended' ? t('campaigns.list.view') : t('campaigns.list.edit')}
          </Button>
          {campaign.status !== 'draft' && (
            <Button
              size="compact-sm"
              variant="subtle"
              component={Link}
              to={`/campaign/${campaign.id}`}
              rightSection={<IconExternalLink size={14} />}
            >
              {t('campaigns.list.publicPage')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

function CampaignList() {
  const { t } = useTranslation();
  const campaigns = useMyCampaigns();
  if (campaigns.isPending) return <CenteredLoader />;
  if (campaigns.isError)
    return (
      <Alert color="red" title={t('campaigns.loadFailed')}>
        {errorMessageOf(campaigns.error)}
      </Alert>
    );
  if (campaigns.data.length === 0)
    return (
      <EmptyState
        description={t('campaigns.list.empty')}
        icon={<IconConfetti size={32} stroke={1.5} aria-hidden />}
        next={{ to: `${CAMPAIGN_LIST_PATH}?new=1`, label: t('campaigns.list.createFirst') }}
      />
    );
  const order = [
    'live',
    'scheduled',
    'draft',
    'ended',
  ] as const satisfies readonly (typeof CAMPAIGN_STATUSES)[number][];
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button
          component={Link}
          to={`${CAMPAIGN_LIST_PATH}?new=1`}
          leftSection={<IconPlus size={16} />}
          data-testid="campaign-create"
        >
          {t('campaigns.list.create')}
        </Button>
      </Group>
      {order.map((status) => {
        const group = campaigns.data.filter((campaign) => campaign.status === status);
        if (group.length === 0) return null;
        return (
          <Stack gap="xs" key={status} component="section" aria-labelledby={`campaigns-${status}`}>
            <Title order={2} size="h4" id={`campaigns-${status}`}>
              {t(`campaigns.groups.${status}`, { n: group.length })}
            </Title>
            {group.map((campaign) => (
              <CampaignRow key={campaign.id} campaign={campaign} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}

function DeleteCampaignButton({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const invalidate = useInvalidateCampaigns();
  const remove = useMutation({
    mutationFn: () => deleteCampaign(campaign.id),
    onSuccess: async () => {
      await invalidate();
      showSuccessToast(t('campaigns.list.deletedToast'));
      navigate(CAMPAIGN_LIST_PATH);
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={14} />}
      loading={remove.isPending}
      onClick={() =>
        modals.openConfirmModal({
          title: t('campaigns.list.deleteTitle', { title: campaign.title }),
          children: <Text size="sm">{t('campaigns.list.deleteBody')}</Text>,
          labels: { confirm: t('campaigns.list.delete'), cancel: t('common.cancel') },
          confirmProps: { color: 'red' },
          onConfirm: () => remove.mutate(),
        })
      }
    >
      {t('campaigns.list.delete')}
    </Button>
  );
}

function EditCampaign({ id }: { id: string }) {
  const { t } = useTranslation();
  const campaign = useCampaign(id);
  const goods = usePublishedGoods();
  if (campaign.isPending || goods.isPending) return <CenteredLoader />;
  if (campaign.isError)
    return (
      <EmptyState
        description={t('campaigns.notFound')}
        next={{ to: CAMPAIGN_LIST_PATH, label: t('campaigns.backToList') }}
      />
    );
  return (
    <Stack gap="md">
      <Group gap="xs">
        <CampaignStatusBadge status={campaign.data.status} />
        <CampaignStateText campaign={campaign.data} />
        <LiveRoomButton campaign={campaign.data} />
        {campaign.data.status !== 'draft' && (
          <Button size="compact-sm" variant="subtle" component={Link} to={`/campaign/${campaign.data.id}`}>
            {t('campaigns.list.publicPage')}
          </Button>
        )}
        {(campaign.data.status === 'draft' || campaign.data.status === 'scheduled') && (
          <DeleteCampaignButton campaign={campaign.data} />
        )}
      </Group>
      <CampaignForm key={campaign.data.updatedAt} campaign={campaign.data} goods={goods.data ?? []} />
    </Stack>
  );
}

function NewCampaign() {
  const { t } = useTranslation();
  const goods = usePublishedGoods();
  const [memory, remember] = useCreateOnce('campaignCreate');
  if (memory.createdId) {
    return (
      <Alert color="blue" title={t('journey.alreadyCreated')} data-testid="campaign-already-created">
        <Group gap="sm" mt="xs">
          <Button component={Link} to={`${CAMPAIGN_LIST_PATH}/${encodeURIComponent(memory.createdId)}`}>
            {t('journey.openCreated')}
          </Button>
          <Button component={Link} to={`${CAMPAIGN_LIST_PATH}?new=1`} variant="default">
            {t('journey.createAnother')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (goods.isPending) return <CenteredLoader />;
  return <CampaignForm goods={goods.data ?? []} idempotencyKey={memory.key} onCreated={remember} />;
}

/** `/streamer/editor/campaign` (list; `?new=1` creates) and `/streamer/editor/campaign/:id` (edit). */
export function CampaignEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [search] = useSearchParams();
  if (id !== undefined) {
    return (
      <DatesInPageLanguage>
        <PageTitle>{t('pages.campaignEdit.title')}</PageTitle>
        <EditCampaign id={id} />
      </DatesInPageLanguage>
    );
  }
  if (search.get('new') === '1') {
    return (
      <DatesInPageLanguage>
        <PageTitle>{t('campaigns.form.createTitle')}</PageTitle>
        <NewCampaign />
      </DatesInPageLanguage>
    );
  }
  return (
    <>
      <PageTitle>{t('pages.campaignEditor.title')}</PageTitle>
      <CampaignList />
    </>
  );
}
