import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { placeFieldErrors } from '../../../lib/field-errors';
import { showSuccessToast } from '../../../lib/toast';
import type { TxOutcome } from '../components/tx-result';
import { tokenKeys } from './token-api';
import { formFieldOf } from './token-helpers';

interface FieldErrorSink {
  values: object;
  setFieldError: (path: string, error: string) => void;
}

/**
 * One write of the token tools: on success keeps the confirmed transaction to show, toasts and refreshes the
 * token list and history; on failure keeps the error for the form (server field details go to their fields).
 */
export function useTokenWrite<V>(
  write: (values: V) => Promise<TxOutcome>,
  options: { form?: FieldErrorSink; successMessage: string },
) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<TxOutcome | null>(null);
  const mutation = useMutation({
    mutationFn: write,
    onMutate: () => setResult(null),
    onSuccess: (outcome) => {
      setResult(outcome);
      showSuccessToast(options.successMessage);
    },
    onError: (error) => {
      if (options.form) placeFieldErrors(error, options.form, formFieldOf);
    },
    // Failed writes are recorded in the history too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
  return { mutation, result, error: mutation.error };
}
