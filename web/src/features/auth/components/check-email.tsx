import { Link } from 'react-router-dom';
import { AuthHeader } from '../../../components/layouts/auth-layout';
import { buttonClasses } from '../../../components/ui/button';
import { MailIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

/** Shown after signup: the account waits for its e-mail to be confirmed. */
export function CheckEmail({ email }: { email: string | null }) {
  return (
    <div className="auth-card">
      <AuthHeader
        icon={<MailIcon size={26} />}
        title="Check Your Email"
        description={<>We sent a confirmation link to {email ? <strong>{email}</strong> : 'your email address'}. Click it to activate your account, then sign in.</>}
      />
      <p className="auth-card__note">The link is valid for 24 hours. Can’t find the e-mail? Look in your spam folder.</p>
      <div className="stack">
        <Link to={paths.auth.signIn.getHref()} className={buttonClasses({ size: 'lg', fullWidth: true })}>
          Back to Sign In
        </Link>
        <Link to={paths.auth.signUp.getHref()} className={buttonClasses({ variant: 'ghost', size: 'lg', fullWidth: true })}>
          Create a different account
        </Link>
      </div>
    </div>
  );
}
