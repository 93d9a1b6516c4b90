import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useBecomeCoach } from '../api/become-coach';
import { TEXT_LIMITS } from '@kernel';

/** The step from athlete to coach: an invited account enters the coaches' access code. */
export function BecomeCoachForm() {
  const navigate = useNavigate();
  const become = useBecomeCoach();
  const [accessCode, setAccessCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!accessCode.trim()) return setFieldError('Access Code is required.');
    setFieldError(undefined);
    become.mutate(accessCode.trim(), { onSuccess: () => void navigate(paths.app.clients.getHref(), { replace: true }) });
  };

  return (
    <>
      <PageHeader title="Become a coach" description="Coach your own athletes: plan their training and follow their results." />
      <Card>
        <CardHeader>
          <CardTitle>Enter the access code</CardTitle>
          <CardDescription>Coaching accounts need the access code you received from Spotter.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate>
            {become.isError && <Alert variant="error">{errorMessage(become.error)}</Alert>}
            <TextField
              label="Access Code"
              name="accessCode"
              autoComplete="off"
              required
              maxLength={TEXT_LIMITS.accessCode}
              value={accessCode}
              onChange={(e) => setAccessCode(e.target.value)}
              error={fieldError}
            />
            <Button type="submit" isLoading={become.isPending} loadingText="Checking…">
              Become a coach
            </Button>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
