import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { SignInForm } from '../../../features/auth/components/sign-in-form';
import { takeSignInNotice } from '../../../lib/sign-in-notice';

export function Component() {
  const [params] = useSearchParams();
  const { status, user } = useAuth();
  // A notice left by the page that signed the user out (account deleted), read once.
  const [notice] = useState(takeSignInNotice);
  if (status === 'loading') return null;
  // Signing in twice means nothing: send a signed-in user to the dashboard.
  if (status === 'authenticated') return <Navigate to={user?.isCoach ? paths.app.clients.getHref() : paths.app.training.getHref()} replace />;
  return (
    <AuthLayout>
      <title>Sign In · Spotter</title>
      <SignInForm message={params.get('message') ?? notice} />
    </AuthLayout>
  );
}
