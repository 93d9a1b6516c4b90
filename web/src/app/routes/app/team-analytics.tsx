import { TeamAnalyticsPage } from '../../../features/team-analytics/components/team-analytics-page';

export function Component() {
  return (
    <>
      <title>Team Analytics · Spotter</title>
      <TeamAnalyticsPage />
    </>
  );
}
