import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthHeader } from '../../../components/layouts/auth-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';
import { useAuth } from '../../../lib/auth';
import { TEXT_LIMITS } from '@kernel';

type Values = { fullName: string; email: string; password: string; accessCode: string };
type Errors = Partial<Record<keyof Values, string>>;

const REQUIRED: Record<keyof Values, string> = {
  fullName: 'Full name is required.',
  email: 'Email is required.',
  password: 'Password is required.',
  accessCode: 'Access code is required.',
};

type SignUpFormProps = {
  /** From `?invite=`: the athlete was invited by a coach and needs no access code. */
  inviteToken: string | null;
  /** From `?email=`, to spare an invited athlete the typing. */
  initialEmail?: string | null;
};

/** Signup (coach-core §2): all four fields required; the server checks the access code. */
export function SignUpForm({ inviteToken, initialEmail }: SignUpFormProps) {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const { signIn } = useAuth();
  const invited = Boolean(inviteToken);
  const [values, setValues] = useState<Values>({
    fullName: '',
    email: initialEmail ?? '',
    password: '',
    accessCode: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((previous) => ({ ...previous, [key]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {};
    for (const key of Object.keys(REQUIRED) as Array<keyof Values>) {
      if (key === 'accessCode' && invited) continue;
      if (!values[key].trim()) next[key] = REQUIRED[key];
    }
    setErrors(next);
    const firstInvalid = Object.keys(next)[0];
    if (firstInvalid) {
      document.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }

    setFormError(null);
    signUp.mutate(
      {
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(invited ? { inviteToken: inviteToken ?? undefined } : { accessCode: values.accessCode.trim() }),
      },
      {
        // An invitation already proved the address: sign in with the same credentials and
        // go straight to the training; should that fail, the sign-in form says what to do.
        onSuccess: (data) => {
          if (!data.confirmed) return void navigate(paths.auth.checkEmail.getHref(), { state: { email: values.email.trim() } });
          signIn({ email: values.email.trim(), password: values.password }).then(
            () => navigate(paths.app.training.getHref(), { replace: true }),
            () => navigate(paths.auth.signIn.getHref(data.message)),
          );
        },
        onError: (error) => setFormError(errorMessage(error)),
      },
    );
  };

  return (
    <div className="auth-card">
      <AuthHeader
        title={invited ? 'Join your coach on Spotter' : 'Create your account'}
        description={invited ? 'You have been invited as an athlete. Create your account to see your training.' : 'Start planning training and tracking your athletes.'}
      />

      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          required
          maxLength={TEXT_LIMITS.fullName}
          value={values.fullName}
          onChange={set('fullName')}
          error={errors.fullName}
        />
        <TextField
          label="Email"
          maxLength={TEXT_LIMITS.email}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          maxLength={TEXT_LIMITS.password}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        {!invited && (
          <TextField
            label="Access Code"
            maxLength={TEXT_LIMITS.accessCode}
            name="accessCode"
            autoComplete="off"
            required
            value={values.accessCode}
            onChange={set('accessCode')}
            error={errors.accessCode}
            helperText="Coach accounts need the access code Spotter gave you."
          />
        )}

        <Button type="submit" size="lg" fullWidth isLoading={signUp.isPending} loadingText="Creating account...">
          Create Account
        </Button>

        {formError && <Alert variant="error">{formError}</Alert>}
      </form>

      <p className="auth-card__footer">
        Already have an account?{' '}
        <Link to={paths.auth.signIn.getHref()} className="link">
          Sign in
        </Link>
      </p>
    </div>
  );
}
