import { ProgramTemplatesPage } from '../../../features/program-templates/components/program-templates-page';

export function Component() {
  return (
    <>
      <title>Program Templates · Spotter</title>
      <ProgramTemplatesPage />
    </>
  );
}
