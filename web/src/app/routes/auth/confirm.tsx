import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ConfirmEmail } from '../../../features/auth/components/confirm-email';

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <title>Confirm Email · Spotter</title>
      <ConfirmEmail token={params.get('token')} />
    </AuthLayout>
  );
}
