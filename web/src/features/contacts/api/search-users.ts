/** rpc search_users: people by e-mail or name, with where the caller stands with each. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders } from '../../../lib/read-after-write';

/** Spec §9: user search default limit 10. */
export const USER_SEARCH_LIMIT = 10;
/** The server refuses shorter name searches (an address is looked up whole). */
export const USER_SEARCH_MIN_NAME = 3;

export type UserSearchResult = {
  user_id: string;
  /** Only when the search term was this exact address. */
  email: string | null;
  display_name: string;
  profile_type: string;
  connection_status: 'none' | 'pending' | 'accepted' | 'blocked';
  connection_id: string | null;
  is_requester: boolean | null;
};

export const userSearchQueryKey = ['user-search'] as const;

export function searchUsers(term: string): Promise<{ users: UserSearchResult[] }> {
  return api.post('/api/rpc/search_users', { search_term: term, limit_count: USER_SEARCH_LIMIT }, { headers: afterWriteHeaders() });
}

export const userSearchQueryOptions = (term: string) => queryOptions({ queryKey: [...userSearchQueryKey, term], queryFn: () => searchUsers(term), enabled: term.length > 0 });

export function useUserSearch(term: string) {
  return useQuery(userSearchQueryOptions(term));
}
