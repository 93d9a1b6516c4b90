import { TemplatesHelp } from '../../../features/program-templates/components/templates-help';

export function Component() {
  return (
    <>
      <title>Program templates help · Spotter</title>
      <TemplatesHelp />
    </>
  );
}
