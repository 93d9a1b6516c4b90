import { useLocation } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { CheckEmail } from '../../../features/auth/components/check-email';

function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email } = state as { email?: unknown };
  return typeof email === 'string' && email ? email : null;
}

export function Component() {
  const location = useLocation();
  return (
    <AuthLayout>
      <title>Check Your Email · Spotter</title>
      <CheckEmail email={emailFromState(location.state)} />
    </AuthLayout>
  );
}
