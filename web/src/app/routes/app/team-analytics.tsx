import { TeamAnalyticsPage } from '../../../features/team-analytics/components/team-analytics-page';
import { TeamReadiness } from '../../../features/readiness/components/team-readiness';

export function Component() {
  return (
    <>
      <title>Team Analytics · Spotter</title>
      <TeamAnalyticsPage />
      <TeamReadiness />
    </>
  );
}
