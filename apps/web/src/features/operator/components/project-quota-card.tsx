import { useTranslation } from '../../../lib/i18n';
import { useProjectQuota } from '../dashboard/dashboard-api';
import { TotalCard } from './total-card';

/** Today's YouTube quota of the Google project, every stream and call together (decision 0161). */
export function ProjectQuotaCard() {
  const { t, i18n } = useTranslation();
  const quota = useProjectQuota();
  if (!quota.data) return null;
  const n = (value: number) => value.toLocaleString(i18n.language);
  const { used, limit, left, ratePerHour, runsOutAt } = quota.data;
  const time = runsOutAt
    ? new Date(runsOutAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })
    : null;
  return (
    <TotalCard
      testId="project-quota"
      label={t('dashboard.totals.projectQuota')}
      value={`${n(used)} / ${n(limit)}`}
      detail={
        time
          ? t('dashboard.totals.projectQuotaRunsOut', { left: n(left), rate: n(ratePerHour), time })
          : t('dashboard.totals.projectQuotaLasts', { left: n(left), rate: n(ratePerHour) })
      }
    />
  );
}
