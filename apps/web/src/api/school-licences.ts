import type { Licence } from '@medienkatalog/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './http.ts';

/**
 * GET /api/v1/school/licences: a school admin's school's licences, a district admin's
 * district's (read-only).
 */
export const fetchSchoolLicences = (signal?: AbortSignal) =>
  apiJson<Licence[]>('/api/v1/school/licences', signal ? { signal } : {});

export const schoolLicencesQueryOptions = queryOptions({
  queryKey: ['school-licences'],
  queryFn: ({ signal }) => fetchSchoolLicences(signal),
});

export const useSchoolLicences = () => useQuery(schoolLicencesQueryOptions);
