import { BecomeCoachForm } from '../../../features/auth/components/become-coach-form';

export function Component() {
  return (
    <>
      <title>Become a coach · Spotter</title>
      <BecomeCoachForm />
    </>
  );
}
