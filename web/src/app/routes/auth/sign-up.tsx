import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { SignUpForm } from '../../../features/auth/components/sign-up-form';

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <title>Create Account · Spotter</title>
      <SignUpForm inviteToken={params.get('invite')} initialEmail={params.get('email')} />
    </AuthLayout>
  );
}
