import { PublicLayout } from '../../components/layouts/public-layout';
import { EmailDemo } from '../../features/email-demo/components/email-demo';

export function Component() {
  return (
    <PublicLayout>
      <title>E-mail Demo · Spotter</title>
      <EmailDemo />
    </PublicLayout>
  );
}
