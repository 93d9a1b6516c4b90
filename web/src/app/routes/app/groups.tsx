import { GroupsPage } from '../../../features/groups/components/groups-page';

export function Component() {
  return (
    <>
      <title>Groups · Spotter</title>
      <GroupsPage />
    </>
  );
}
