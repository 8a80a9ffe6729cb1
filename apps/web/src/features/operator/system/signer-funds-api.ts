import { apiRoutes } from '@hanabi/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The signer's balance, trend and outlook (`GET /api/admin/signer/funds`): cheap reads, re-read every 5 minutes. */
export function useSignerFunds() {
  return useQuery({
    queryKey: ['admin-signer-funds'],
    queryFn: () => callApi(apiRoutes.adminSignerFunds),
    refetchInterval: 5 * 60_000,
    retry: false,
  });
}

/** Wei as a number of whole coins, to 6 decimals (enough for a chart and a balance line). */
export function coins(wei: string): number {
  return Number(BigInt(wei) / 10n ** 12n) / 1e6;
}

/** Wei as gwei (gas prices are small enough for a plain number). */
export function gwei(wei: string): number {
  return Number(wei) / 1e9;
}
