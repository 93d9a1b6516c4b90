/** The signed-in user's profile (name, time zone) and coach branding. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeightUnit } from '@kernel';
import { api } from '../../../lib/api-client';
import { profileKey } from '../../../lib/profile';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';

// The profile query is shared with the pages that need the profile's "today".
export { useProfile, type Profile } from '../../../lib/profile';

export type Branding = { primary: string; secondary: string; accent: string };
export type BrandingView = { own: Branding | null; coach: Branding | null; applied: Branding | null };
type Written = { success: true; checkpoint: string | null };

export const brandingKey = ['settings', 'branding'] as const;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { displayName?: string | null; timeZone?: string; weightUnit?: WeightUnit }) => api.put<Written>('/api/profile', changes),
    onSuccess: async (r) => {
      rememberWrite(r.checkpoint);
      await queryClient.invalidateQueries({ queryKey: profileKey });
    },
  });
}

export function useBranding() {
  return useQuery({
    queryKey: brandingKey,
    queryFn: () => api.get<BrandingView>('/api/branding', { headers: afterWriteHeaders() }),
  });
}

export function useSaveBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (branding: Branding | null) => (branding ? api.put<Written>('/api/branding', branding) : api.delete<Written>('/api/branding')),
    onSuccess: async (r) => {
      rememberWrite(r.checkpoint);
      await queryClient.invalidateQueries({ queryKey: brandingKey });
    },
  });
}
