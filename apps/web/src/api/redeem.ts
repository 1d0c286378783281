import type { Licence } from '@medienkatalog/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAccessRefresh } from './access-refresh.ts';
import { apiJson } from './http.ts';
import { USER_LICENCES_KEY } from './user-licences.ts';

export interface Redeemed {
  /** The server's German confirmation: 'Code eingelöst: Sie haben jetzt Zugang zu „…“.' */
  message: string;
  licences: Licence[];
}

/** POST /api/v1/user/redeem: a typed code or a QR link; refusals carry the server's message. */
export const redeemCode = (code: string) =>
  apiJson<Redeemed>('/api/v1/user/redeem', { method: 'POST', body: { code } });

/** Redeems a code; cards, details and the user's licences then show the new access. */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  const refreshAccess = useAccessRefresh();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: () =>
      Promise.all([
        refreshAccess(),
        queryClient.invalidateQueries({ queryKey: USER_LICENCES_KEY }),
      ]),
  });
}
