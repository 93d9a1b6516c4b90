import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../../lib/realtime';
import { teamAnalyticsBaseKey } from '../api/get-team-analytics';
import { teamQueryKey } from '../api/get-team';
import { LIVE_DEBOUNCE_MS } from './constants';
import { topicOf } from '@kernel';

/**
 * Follows the selected athletes' `athlete:<id>` topics (a logged set, a planned or
 * moved workout) and the coach's own topic (links). A burst of changes, e.g. a whole
 * team finishing a session, becomes one refetch after a short quiet spell; the page
 * keeps showing its figures meanwhile.
 */
export function useLiveTeam(coachId: string, athleteIds: readonly string[]) {
  const client = useRealtime();
  const queryClient = useQueryClient();
  const idsKey = [...athleteIds].sort().join(',');

  useEffect(() => {
    if (!client) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let teamChanged = false;
    const schedule = (team: boolean) => {
      teamChanged ||= team;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (teamChanged) void queryClient.invalidateQueries({ queryKey: teamQueryKey });
        void queryClient.invalidateQueries({ queryKey: teamAnalyticsBaseKey });
        teamChanged = false;
      }, LIVE_DEBOUNCE_MS);
    };
    const ids = idsKey ? idsKey.split(',') : [];
    const stops = [client.subscribe(topicOf.coach(coachId), () => schedule(true)), ...ids.map((id) => client.subscribe(topicOf.athlete(id), () => schedule(false)))];
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [client, queryClient, coachId, idsKey]);
}
