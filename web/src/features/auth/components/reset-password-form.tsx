import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthHeader } from '../../../components/layouts/auth-layout';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { AlertCircleIcon, CheckCircleIcon, KeyIcon } from '../../../components/ui/icons';
import { MIN_PASSWORD_LENGTH, RESET_REDIRECT_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { TEXT_LIMITS } from '@kernel';

export const INVALID_RESET_LINK = 'Invalid or expired reset link. Please request a new password reset.';
const UPDATED_MESSAGE = 'Your password has been updated. Please sign in with your new password.';

type Errors = { password?: string; confirm?: string };

function validate(password: string, confirm: string): Errors {
  const errors: Errors = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'Password must be at least 6 characters long.';
  if (password !== confirm) errors.confirm = 'Passwords do not match.';
  return errors;
}

function InvalidLink() {
  return (
    <div className="auth-card">
      <AuthHeader icon={<AlertCircleIcon size={26} />} tone="error" title="Reset link not valid" />
      <Alert variant="error">{INVALID_RESET_LINK}</Alert>
      <div className="stack">
        <Link to={paths.auth.forgotPassword.getHref()} className={buttonClasses({ size: 'lg', fullWidth: true })}>
          Request a New Reset Link
        </Link>
        <Link to={paths.auth.signIn.getHref()} className={buttonClasses({ variant: 'ghost', size: 'lg', fullWidth: true })}>
          Back to Sign In
        </Link>
      </div>
    </div>
  );
}

function ResetDone() {
  const navigate = useNavigate();
  const target = paths.auth.signIn.getHref(UPDATED_MESSAGE);
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);

  return (
    <div className="auth-card">
      <AuthHeader
        icon={<CheckCircleIcon size={26} />}
        tone="success"
        title="Password Updated"
        description="Your password has been changed. Taking you to sign in in a few seconds…"
      />
      <Button size="lg" fullWidth onClick={() => void navigate(target, { replace: true })}>
        Continue to Sign In
      </Button>
    </div>
  );
}

/**
 * Reset password (coach-core §2). The link from the e-mail carries the token as
 * `access_token` with `type=recovery`.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (!token) return <InvalidLink />;
  if (reset.isSuccess) return <ResetDone />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = validate(password, confirm);
    setErrors(next);
    if (next.password || next.confirm) return;
    setFormError(null);
    reset.mutate({ token, password }, { onError: (error) => setFormError(errorMessage(error)) });
  };

  return (
    <div className="auth-card">
      <AuthHeader icon={<KeyIcon size={26} />} title="Set a new password" description="Choose a new password for your account." />
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="New Password"
          maxLength={TEXT_LIMITS.password}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          helperText={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <TextField
          label="Confirm Password"
          maxLength={TEXT_LIMITS.password}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errors.confirm}
        />
        {formError && (
          <Alert variant="error">
            {formError}{' '}
            <Link to={paths.auth.forgotPassword.getHref()} className="link">
              Request a new link
            </Link>
          </Alert>
        )}
        <Button type="submit" size="lg" fullWidth isLoading={reset.isPending} loadingText="Updating...">
          Update Password
        </Button>
      </form>
    </div>
  );
}
