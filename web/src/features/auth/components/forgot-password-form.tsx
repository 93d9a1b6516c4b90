import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthHeader } from '../../../components/layouts/auth-layout';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { KeyIcon, MailIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useRecoverPassword } from '../api/recover-password';
import { TEXT_LIMITS } from '@kernel';

const SENT = 'Password reset instructions have been sent to your email.';

/** Forgot password (coach-core §2): an e-mail form, then a Check Your Email confirmation. */
export function ForgotPasswordForm() {
  const recover = useRecoverPassword();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setFieldError('Email is required.');
      return;
    }
    setFieldError(null);
    setFormError(null);
    recover.mutate(
      { email: email.trim() },
      {
        onSuccess: (data) => setSentMessage(data.message ?? SENT),
        onError: (error) => setFormError(errorMessage(error)),
      },
    );
  };

  if (sentMessage) {
    return (
      <div className="auth-card">
        <AuthHeader icon={<MailIcon size={26} />} tone="success" title="Check Your Email" />
        <Alert variant="success">{sentMessage}</Alert>
        <p className="auth-card__note">The link is valid for one hour. If it doesn’t arrive, check your spam folder or try again.</p>
        <div className="stack">
          <Link to={paths.auth.signIn.getHref()} className={buttonClasses({ size: 'lg', fullWidth: true })}>
            Back to Sign In
          </Link>
          <Button variant="ghost" size="lg" fullWidth onClick={() => setSentMessage(null)}>
            Try a different email
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-card">
      <AuthHeader
        icon={<KeyIcon size={26} />}
        title="Forgot your password?"
        description="Enter the email address of your account and we’ll send you a link to reset your password."
      />
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          maxLength={TEXT_LIMITS.email}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
        />
        {formError && <Alert variant="error">{formError}</Alert>}
        <Button type="submit" size="lg" fullWidth isLoading={recover.isPending} loadingText="Sending...">
          Send Reset Link
        </Button>
      </form>
      <p className="auth-card__footer">
        Remembered it?{' '}
        <Link to={paths.auth.signIn.getHref()} className="link">
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}
