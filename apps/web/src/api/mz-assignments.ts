import type { Licence } from '@medienkatalog/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from './http.ts';
import { MZ_LICENCES_KEY } from './mz-licences.ts';

export interface Assignment {
  licenceId: number;
  schoolIds: readonly number[];
}

/**
 * POST /api/v1/mz/licences/{id}/assignments: passes a held licence on to schools; answers the
 * schools' licences passed on from it (new or already there).
 */
export const assignMzLicence = ({ licenceId, schoolIds }: Assignment) =>
  apiJson<Licence[]>(`/api/v1/mz/licences/${String(licenceId)}/assignments`, {
    method: 'POST',
    body: { school_ids: schoolIds },
  });

export function useAssignMzLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignMzLicence,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MZ_LICENCES_KEY }),
  });
}
