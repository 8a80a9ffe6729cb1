import { CAMPAIGN_LIMITS, PLATFORM_KEYWORD_MAX } from '@hanabi/api';
import type { Campaign, DigitalGoods } from '@hanabi/api';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation } from 'wouter';
import { DateTimeField } from '../../../components/date-time-field';
import { UploadProgress } from '../../../components/upload-progress';
import { IMAGE_TYPES, UploadButton } from '../../../components/upload-button';
import { placeFieldErrors } from '../../../lib/field-errors';
import { errorMessagesOf, FormErrorSummary } from '../../../components/form-error-summary';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { instantOf } from '../../../lib/date-time-value';
import { formatDateTime } from '../../../lib/format';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import { UploadError, useUpload } from '../../../lib/upload';
import { createCampaign, updateCampaign, useInvalidateCampaigns } from '../campaign-api';
import { bodyOf, publishedStateOf, valuesOf } from '../campaign-values';
import type { CampaignValues } from '../campaign-values';

export const CAMPAIGN_LIST_PATH = '/streamer/editor/campaign';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="fieldset" style={{ margin: 0, minWidth: 0 }}>
      <Title order={2} size="h5" component="legend" mb="sm" style={{ float: 'left', width: '100%' }}>
        {title}
      </Title>
      <Stack gap="sm" style={{ clear: 'both' }}>
        {children}
      </Stack>
    </Card>
  );
}

interface CampaignFormProps {
  campaign?: Campaign;
  /** Published goods that may be the prize. */
  goods: DigitalGoods[];
  /** New campaigns: the key this form's create is sent under (kept per history entry, decision 0073). */
  idempotencyKey?: string;
  /** New campaigns: told the id once created (so Back to this form offers it instead of a second one). */
  onCreated?: (id: string) => void;
}

/** Create or edit a campaign: period, platforms, prize, winners, entry rule and draw mode. */
export function CampaignForm({ campaign, goods, idempotencyKey, onCreated }: CampaignFormProps) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const invalidate = useInvalidateCampaigns();
  const upload = useUpload('campaign');
  const readOnly = campaign?.status === 'ended';
  const [cover, setCover] = useState<string | null>(campaign?.coverImage?.url ?? null);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const positiveInt = (max: number) => (value: number | string) => {
    const n = Number(value);
    return Number.isInteger(n) && n >= 1 && n <= max ? null : t('campaigns.form.intRange', { min: 1, max });
  };
  const form = useForm<CampaignValues>({
    mode: 'controlled',
    initialValues: valuesOf(campaign),
    validate: {
      title: (value) =>
        value.trim().length < 1 || value.trim().length > CAMPAIGN_LIMITS.titleMax
          ? t('campaigns.form.titleLength', { max: CAMPAIGN_LIMITS.titleMax })
          : null,
      // An empty start means "when published" (new campaigns); an existing one keeps its start.
      startsAt: (value) => (value || !campaign ? null : t('campaigns.form.required')),
      endsAt: (value, values) => {
        if (!value) return t('campaigns.form.required');
        const start = instantOf(values.startsAt);
        const end = instantOf(value);
        // ISO instants (all in UTC, one format) sort as the times do.
        return start && end && end <= start ? t('campaigns.form.endAfterStart') : null;
      },
      platforms: (value) => (value.length ? null : t('campaigns.form.platformRequired')),
      prize: {
        digitalGoodsId: (value) => (value ? null : t('campaigns.form.prizeRequired')),
        copiesPerWinner: positiveInt(CAMPAIGN_LIMITS.copiesPerWinnerMax),
      },
      winnerCount: positiveInt(CAMPAIGN_LIMITS.winnerCountMax),
      entryRule: {
        keyword: (value, values) => {
          const max = Math.min(...values.platforms.map((platform) => PLATFORM_KEYWORD_MAX[platform]));
          return [...value.trim()].length > max ? t('campaigns.form.keywordLength', { max }) : null;
        },
        cooldownDays: (value) => {
          const n = Number(value);
          return Number.isInteger(n) && n >= 0 && n <= CAMPAIGN_LIMITS.cooldownDaysMax
            ? null
            : t('campaigns.form.intRange', { min: 0, max: CAMPAIGN_LIMITS.cooldownDaysMax });
        },
      },
      drawMode: {
        minutes: (value, values) =>
          values.drawMode.type === 'everyNMinutes'
            ? positiveInt(CAMPAIGN_LIMITS.drawIntervalMinutesMax)(value)
            : null,
      },
    },
  });
  const dirty = leaveTo === null && (form.isDirty() || upload.uploading);
  useUnsavedChangesPrompt(dirty);

  useEffect(() => {
    if (leaveTo) navigate(leaveTo);
  }, [leaveTo, navigate]);

  const save = useMutation({
    mutationFn: (input: { values: CampaignValues; status: 'draft' | 'scheduled' }) => {
      const body = bodyOf(input.values, input.status);
      if (!campaign) return createCampaign(body, idempotencyKey);
      // Only a draft changes status here (draft → scheduled); scheduled and live follow from time.
      const { status, ...rest } = body;
      return updateCampaign(campaign.id, campaign.status === 'draft' ? { ...rest, status } : rest);
    },
    onSuccess: async (saved, input) => {
      await invalidate();
      showSuccessToast(
        input.status === 'scheduled' ? t('campaigns.form.publishedToast') : t('campaigns.form.savedToast'),
      );
      if (campaign) {
        form.setInitialValues(valuesOf(saved));
        form.setValues(valuesOf(saved));
      } else {
        onCreated?.(saved.id);
        setLeaveTo(`${CAMPAIGN_LIST_PATH}/${encodeURIComponent(saved.id)}`);
      }
    },
    onError: (error) => {
      setOtherErrors(placeFieldErrors(error, form));
      showErrorToast(errorMessageOf(error));
      focusFirstInvalid(formRef.current);
    },
  });

  const submit = (status: 'draft' | 'scheduled') =>
    form.onSubmit(
      (values) => {
        setOtherErrors([]);
        save.mutate({ values, status });
      },
      () => focusFirstInvalid(formRef.current),
    );
  const errorSummary = errorMessagesOf(form.errors);
  const published = publishedStateOf(form.values);

  const storeCover = async (file: File | null) => {
    if (!file) return;
    try {
      const stored = await upload.start(file);
      form.setFieldValue('coverImageAssetId', stored.assetId);
      setCover(stored.downloadUrl);
    } catch (error) {
      if (error instanceof UploadError && error.reason === 'aborted') return;
      showErrorToast(error instanceof Error ? error.message : undefined);
    }
  };

  const goodsOptions = goods.map((item) => ({
    value: item.id,
    label: t('campaigns.form.prizeOption', { name: item.name, remaining: item.remaining }),
  }));
  // An existing campaign keeps showing its prize even if it is no longer offered.
  if (campaign && !goodsOptions.some((option) => option.value === campaign.prize.digitalGoodsId)) {
    goodsOptions.push({ value: campaign.prize.digitalGoodsId, label: campaign.prize.digitalGoods.name });
  }
  const drawType = form.values.drawMode.type;
  const isDraft = !campaign || campaign.status === 'draft';

  return (
    <form
      noValidate
      ref={formRef}
      onSubmit={(event) => submit(isDraft ? 'draft' : 'scheduled')(event)}
      data-testid="campaign-form"
    >
      <Stack gap="md">
        <FormErrorSummary messages={errorSummary} testId="campaign-error-summary" />
        {readOnly && (
          <Alert color="gray" icon={<IconAlertTriangle size={18} />}>
            {t('campaigns.form.endedReadOnly')}
          </Alert>
        )}
        {otherErrors.length > 0 && (
          <Alert color="red" title={t('campaigns.form.serverErrors')} data-testid="campaign-other-errors">
            {otherErrors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Section title={t('campaigns.form.basics')}>
              <TextInput
                label={t('campaigns.form.title')}
                required
                maxLength={CAMPAIGN_LIMITS.titleMax}
                data-testid="campaign-title"
                {...form.getInputProps('title')}
              />
              <Textarea
                label={t('campaigns.form.description')}
                autosize
                minRows={3}
                maxRows={8}
                maxLength={CAMPAIGN_LIMITS.descriptionMax}
                {...form.getInputProps('description')}
              />
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  {t('campaigns.form.cover')}
                </Text>
                {cover && <Image src={cover} alt={t('campaigns.form.coverAlt')} maw={320} radius="md" />}
                <Group>
                  <UploadButton
                    accept={IMAGE_TYPES}
                    onFile={(file) => void storeCover(file)}
                    disabled={readOnly || upload.uploading}
                  >
                    {t('campaigns.form.uploadCover')}
                  </UploadButton>
                </Group>
                <UploadProgress upload={upload} />
              </Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateTimeField
                  label={t('campaigns.form.startsAt')}
                  description={campaign ? undefined : t('journey.startsAtHint')}
                  required={Boolean(campaign)}
                  clearable={!campaign}
                  data-testid="campaign-starts"
                  {...form.getInputProps('startsAt')}
                />
                <DateTimeField
                  label={t('campaigns.form.endsAt')}
                  required
                  data-testid="campaign-ends"
                  {...form.getInputProps('endsAt')}
                />
              </SimpleGrid>
              <Checkbox.Group
                label={t('campaigns.form.platforms')}
                withAsterisk
                {...form.getInputProps('platforms')}
              >
                <Group mt={6}>
                  <Checkbox value="youtube" label="YouTube" />
                  <Checkbox value="twitcasting" label="TwitCasting" />
                </Group>
              </Checkbox.Group>
            </Section>

            <Section title={t('campaigns.form.prizeSection')}>
              {goods.length === 0 && !campaign && (
                <Alert color="yellow" data-testid="campaign-no-goods">
                  {t('campaigns.form.noPublishedGoods')}{' '}
                  <Link to="/streamer/editor/digitalgoods">{t('campaigns.form.toGoods')}</Link>
                </Alert>
              )}
              <Select
                label={t('campaigns.form.prize')}
                description={t('campaigns.form.prizeDescription')}
                required
                data={goodsOptions}
                searchable
                data-testid="campaign-prize"
                {...form.getInputProps('prize.digitalGoodsId')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t('campaigns.form.winnerCount')}
                  required
                  min={1}
                  max={CAMPAIGN_LIMITS.winnerCountMax}
                  allowDecimal={false}
                  data-testid="campaign-winners"
                  {...form.getInputProps('winnerCount')}
                />
                <NumberInput
                  label={t('campaigns.form.copiesPerWinner')}
                  required
                  min={1}
                  max={CAMPAIGN_LIMITS.copiesPerWinnerMax}
                  allowDecimal={false}
                  {...form.getInputProps('prize.copiesPerWinner')}
                />
              </SimpleGrid>
            </Section>

            <Section title={t('campaigns.form.ruleSection')}>
              <TextInput
                label={t('campaigns.form.keyword')}
                description={t('campaigns.form.keywordDescription')}
                placeholder="#hanabi"
                data-testid="campaign-keyword"
                {...form.getInputProps('entryRule.keyword')}
              />
              <Switch
                label={t('campaigns.form.onePerPerson')}
                {...form.getInputProps('entryRule.onePerPerson', { type: 'checkbox' })}
              />
              <Switch
                label={t('campaigns.form.membersOnly')}
                description={t('campaigns.form.membersOnlyDescription')}
                {...form.getInputProps('entryRule.membersOnly', { type: 'checkbox' })}
              />
              <Switch
                label={t('campaigns.form.excludeModerators')}
                {...form.getInputProps('entryRule.excludeModerators', { type: 'checkbox' })}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateTimeField
                  label={t('campaigns.form.windowStart')}
                  description={t('campaigns.form.windowDescription')}
                  clearable
                  {...form.getInputProps('entryRule.windowStart')}
                />
                <DateTimeField
                  label={t('campaigns.form.windowEnd')}
                  clearable
                  description={t('campaigns.form.windowDescription')}
                  {...form.getInputProps('entryRule.windowEnd')}
                />
              </SimpleGrid>
              <NumberInput
                label={t('campaigns.form.cooldownDays')}
                description={t('campaigns.form.cooldownDescription')}
                min={0}
                max={CAMPAIGN_LIMITS.cooldownDaysMax}
                allowDecimal={false}
                {...form.getInputProps('entryRule.cooldownDays')}
              />
            </Section>

            <Section title={t('campaigns.form.drawSection')}>
              <Radio.Group label={t('campaigns.form.drawMode')} {...form.getInputProps('drawMode.type')}>
                <Stack gap={6} mt={6}>
                  <Radio value="manual" label={t('campaigns.draw.manual')} />
                  <Radio value="everyNMinutes" label={t('campaigns.draw.everyNMinutesLabel')} />
                  <Radio value="atEnd" label={t('campaigns.draw.atEnd')} />
                </Stack>
              </Radio.Group>
              {drawType === 'everyNMinutes' && (
                <NumberInput
                  label={t('campaigns.form.drawMinutes')}
                  min={1}
                  max={CAMPAIGN_LIMITS.drawIntervalMinutesMax}
                  allowDecimal={false}
                  {...form.getInputProps('drawMode.minutes')}
                />
              )}
            </Section>
          </Stack>
        </fieldset>
        {isDraft && (
          <Alert
            color={published.state === 'ended' ? 'red' : published.state === 'now' ? 'teal' : 'blue'}
            variant="light"
            data-testid="campaign-publish-preview"
            data-state={published.state}
          >
            {published.state === 'scheduled'
              ? t('journey.preview.scheduled', { at: formatDateTime(published.at, i18n.language) })
              : t(`journey.preview.${published.state}`)}
          </Alert>
        )}
        {!readOnly && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to={CAMPAIGN_LIST_PATH}>
              {t('common.cancel')}
            </Button>
            {isDraft ? (
              <>
                <Button
                  type="submit"
                  variant="light"
                  loading={save.isPending}
                  disabled={upload.uploading}
                  data-testid="campaign-save-draft"
                >
                  {t('campaigns.form.saveDraft')}
                </Button>
                <Button
                  loading={save.isPending}
                  disabled={upload.uploading}
                  onClick={() => submit('scheduled')()}
                  data-testid="campaign-publish"
                >
                  {t('campaigns.form.publish')}
                </Button>
              </>
            ) : (
              <Button
                type="submit"
                loading={save.isPending}
                disabled={upload.uploading}
                data-testid="campaign-save"
              >
                {t('campaigns.form.save')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
