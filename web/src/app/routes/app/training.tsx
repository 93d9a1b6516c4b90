import { TrainingPage } from '../../../features/athlete/components/training-page';

export function Component() {
  return (
    <>
      <title>My Training · Spotter</title>
      <TrainingPage />
    </>
  );
}
