import { Link } from 'react-router-dom';
import { AuthHeader } from '../../../components/layouts/auth-layout';
import { buttonClasses } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useConfirmEmail } from '../api/confirm-email';

const INVALID_LINK = 'Invalid confirmation link. Please check your email and try again.';
const CONFIRM_FAILED = 'Failed to confirm email. The link may be expired or invalid.';
const CONFIRM_ERROR = 'An error occurred while confirming your email. Please try again.';

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.status < 500 ? error.message || CONFIRM_FAILED : CONFIRM_ERROR;
  return CONFIRM_ERROR;
}

/** The page the confirmation e-mail links to (performance-messaging-templates §2). */
export function ConfirmEmail({ token }: { token: string | null }) {
  const confirmation = useConfirmEmail(token);

  if (token && confirmation.isPending) {
    return (
      <div className="auth-card auth-card--center">
        <Spinner size="lg" label="Confirming your email" />
        <AuthHeader title="Confirming your email…" description="This only takes a moment." />
      </div>
    );
  }

  if (token && confirmation.isSuccess) {
    return (
      <div className="auth-card">
        <AuthHeader
          icon={<CheckCircleIcon size={26} />}
          tone="success"
          title="Email Confirmed!"
          description={
            <>
              Your email <strong>{confirmation.data.email}</strong> has been confirmed. Your account is ready — sign in to get started.
            </>
          }
        />
        <Link to={paths.auth.signIn.getHref()} className={buttonClasses({ size: 'lg', fullWidth: true })}>
          Sign In Now
        </Link>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <AuthHeader icon={<AlertCircleIcon size={26} />} tone="error" title="Confirmation Failed" description={token ? failureText(confirmation.error) : INVALID_LINK} />
      <Link to={paths.auth.signIn.getHref()} className={buttonClasses({ size: 'lg', fullWidth: true })}>
        Go to Sign In
      </Link>
    </div>
  );
}
