import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

/**
 * The reset link carries `access_token` and `type=recovery`. A bare `token`
 * (the shape the e-mail spec names) is accepted too, as long as no other type is given.
 */
function recoveryToken(params: URLSearchParams): string | null {
  const type = params.get('type');
  const accessToken = params.get('access_token');
  if (accessToken && type === 'recovery') return accessToken;
  const token = params.get('token');
  if (!accessToken && token && (type === null || type === 'recovery')) return token;
  return null;
}

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <title>Reset Password · Spotter</title>
      <ResetPasswordForm token={recoveryToken(params)} />
    </AuthLayout>
  );
}
