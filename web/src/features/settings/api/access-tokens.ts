/** Personal access tokens for the API: made, listed and revoked from a signed-in session. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TokenScope = 'read' | 'write';
export type AccessToken = {
  id: string;
  name: string;
  scope: TokenScope;
  prefix: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

export const accessTokensKey = ['settings', 'access-tokens'] as const;

export function useAccessTokens() {
  return useQuery({
    queryKey: accessTokensKey,
    queryFn: async () => (await api.get<{ access_tokens: AccessToken[] }>('/api/access-tokens')).access_tokens,
  });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scope: TokenScope; expires_in_days: number }) => api.post<{ token: string; access_token: AccessToken }>('/api/access-tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensKey }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ access_token: AccessToken }>(`/api/access-tokens/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensKey }),
  });
}
