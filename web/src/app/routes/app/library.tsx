import { LibraryPage } from '../../../features/library/components/library-page';

export function Component() {
  return (
    <>
      <title>Exercise Library · Spotter</title>
      <LibraryPage />
    </>
  );
}
