import type { Features, Login, ProfileUpdate, Registration, UserInfo } from '@medienkatalog/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson } from './http.ts';
import { MEDIA_LIST_KEY } from './media-list.ts';

export const USER_INFO_KEY = ['user-info'];
const FEATURES_KEY = ['features'];

/** GET /api/v1/user/userinfo; null when nobody is signed in (or the call fails: spec). */
export const userInfoQueryOptions = queryOptions({
  queryKey: USER_INFO_KEY,
  queryFn: async ({ signal }): Promise<UserInfo | null> => {
    try {
      return await apiJson<UserInfo>('/api/v1/user/userinfo', { signal });
    } catch {
      return null;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export const useUserInfo = () => useQuery(userInfoQueryOptions);

const DEFAULT_FEATURES: Features = { media_editing: false };

/** GET /api/v1/utils/features; on failure the defaults stay and a warning is logged (spec). */
export const featuresQueryOptions = queryOptions({
  queryKey: FEATURES_KEY,
  queryFn: async ({ signal }): Promise<Features> => {
    try {
      return await apiJson<Features>('/api/v1/utils/features', { signal });
    } catch (error) {
      console.warn('Feature flags could not be loaded', error);
      return DEFAULT_FEATURES;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export const useFeatures = () => useQuery(featuresQueryOptions);

/** After login and logout everything user-specific is fetched again. */
function useAccountChange() {
  const queryClient = useQueryClient();
  return async (user: UserInfo | null) => {
    queryClient.setQueryData(USER_INFO_KEY, user);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: FEATURES_KEY }),
      queryClient.invalidateQueries({ queryKey: [MEDIA_LIST_KEY] }),
      queryClient.invalidateQueries({ queryKey: ['medium'] }),
    ]);
  };
}

export function useLogin() {
  const changed = useAccountChange();
  return useMutation({
    mutationFn: (credentials: Login) =>
      apiJson<UserInfo>('/api/v1/auth/login', { method: 'POST', body: credentials }),
    onSuccess: changed,
  });
}

export function useLogout() {
  const changed = useAccountChange();
  return useMutation({
    mutationFn: () => apiFetch('/api/v1/auth/logout', { method: 'POST' }),
    onSuccess: () => changed(null),
  });
}

export const register = (registration: Registration) =>
  apiJson<{ message: string }>('/api/v1/auth/register', { method: 'POST', body: registration });

export const confirmEmail = (token: string) =>
  apiFetch('/api/v1/auth/register/confirm', { method: 'POST', body: { token } });

export const requestPasswordReset = (email: string) =>
  apiJson<{ message: string }>('/api/v1/auth/password/request', {
    method: 'POST',
    body: { email },
  });

export const resetPassword = (token: string, password: string) =>
  apiFetch('/api/v1/auth/password/reset', { method: 'POST', body: { token, password } });

export function useProfileUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdate) =>
      apiJson<UserInfo>('/api/v1/user/profile', { method: 'PUT', body: profile }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_INFO_KEY, user);
    },
  });
}

export const changePassword = (change: { current_password: string; new_password: string }) =>
  apiFetch('/api/v1/user/password', { method: 'POST', body: change });
