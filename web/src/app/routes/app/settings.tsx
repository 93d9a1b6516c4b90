import { SettingsPage } from '../../../features/settings/components/settings-page';

export function Component() {
  return (
    <>
      <title>Settings · Spotter</title>
      <SettingsPage />
    </>
  );
}
