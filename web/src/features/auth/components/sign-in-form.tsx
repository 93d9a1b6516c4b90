import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthHeader } from '../../../components/layouts/auth-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { MailIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useResendConfirmation } from '../api/resend-confirmation';
import { EMAIL_NOT_CONFIRMED, isUnconfirmedEmailError, useSignIn } from '../api/sign-in';
import { TEXT_LIMITS } from '@kernel';

type FieldErrors = { email?: string; password?: string };
type Notice = { kind: 'success' | 'error'; text: string };

/** Sign in (coach-core §2). `message` comes from `/signin?message=` and shows as a success banner. */
export function SignInForm({ message }: { message: string | null }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [resendNotice, setResendNotice] = useState<Notice | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!email.trim()) errors.email = 'Email is required.';
    if (!password) errors.password = 'Password is required.';
    setFieldErrors(errors);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();

    setFormError(null);
    setResendNotice(null);
    signIn.mutate(
      { email: email.trim(), password },
      {
        // A coach lands on their clients; an athlete-only account on their own training.
        onSuccess: (session) => void navigate(session.user.isCoach ? paths.app.clients.getHref() : paths.app.training.getHref(), { replace: true }),
        onError: (error) => {
          const needsConfirmation = isUnconfirmedEmailError(error);
          setUnconfirmed(needsConfirmation);
          setFormError(needsConfirmation ? EMAIL_NOT_CONFIRMED : errorMessage(error));
        },
      },
    );
  };

  const onResend = () => {
    if (!email.trim()) {
      setResendNotice({ kind: 'error', text: 'Please enter your email address first.' });
      emailRef.current?.focus();
      return;
    }
    setResendNotice(null);
    resend.mutate(
      { email: email.trim() },
      {
        onSuccess: (data) =>
          setResendNotice({
            kind: 'success',
            text: data.message ?? 'Confirmation email sent! Please check your inbox.',
          }),
        onError: (error) =>
          setResendNotice({
            kind: 'error',
            text: error instanceof ApiError ? error.message : 'Failed to resend confirmation email. Please try again.',
          }),
      },
    );
  };

  return (
    <div className="auth-card">
      <AuthHeader title="Welcome back" description="Sign in to plan and follow training, as a coach or as an athlete." />

      {message && <Alert variant="success">{message}</Alert>}

      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          ref={emailRef}
          label="Email"
          maxLength={TEXT_LIMITS.email}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email}
        />
        <TextField
          ref={passwordRef}
          label="Password"
          maxLength={TEXT_LIMITS.password}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
          labelAction={
            <Link to={paths.auth.forgotPassword.getHref()} className="link link--small">
              Forgot your password?
            </Link>
          }
        />

        {formError && <Alert variant="error">{formError}</Alert>}

        <Button type="submit" size="lg" fullWidth isLoading={signIn.isPending} loadingText="Signing in...">
          Sign In
        </Button>

        {unconfirmed && (
          <div className="resend">
            <Button variant="outline" fullWidth icon={<MailIcon size={16} />} onClick={onResend} isLoading={resend.isPending} loadingText="Sending...">
              Resend Confirmation E-mail
            </Button>
            {resendNotice && <Alert variant={resendNotice.kind}>{resendNotice.text}</Alert>}
          </div>
        )}
      </form>

      <p className="auth-card__footer">
        Don’t have an account?{' '}
        <Link to={paths.auth.signUp.getHref()} className="link">
          Create one
        </Link>
      </p>
    </div>
  );
}
