import type { UsageRow } from '@medienkatalog/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './http.ts';

export interface HistoryFilter {
  /** First and last month, 'YYYY-MM'. */
  from: string;
  to: string;
  /** A school's organisation id; undefined for all. */
  school?: number | undefined;
  /** Part of a title or identifier. */
  medium?: string | undefined;
}

export function historyUrl({ from, to, school, medium }: HistoryFilter): string {
  const params = new URLSearchParams({ from, to });
  if (school !== undefined) {
    params.set('school', String(school));
  }
  const text = medium?.trim();
  if (text) {
    params.set('medium', text);
  }
  return `/api/v1/mz/history?${params.toString()}`;
}

/** GET /api/v1/mz/history: views, plays and downloads per month, school and medium. */
export const fetchMzHistory = (filter: HistoryFilter, signal?: AbortSignal) =>
  apiJson<UsageRow[]>(historyUrl(filter), signal ? { signal } : {});

export const mzHistoryQueryOptions = (filter: HistoryFilter) =>
  queryOptions({
    queryKey: ['mz-history', filter],
    queryFn: ({ signal }) => fetchMzHistory(filter, signal),
    // The last answer stays on screen while a changed filter loads.
    placeholderData: keepPreviousData,
  });

export const useMzHistory = (filter: HistoryFilter, enabled = true) =>
  useQuery({ ...mzHistoryQueryOptions(filter), enabled });
