import { ClientsPage } from '../../../features/clients/components/clients-page';

export function Component() {
  return (
    <>
      <title>Clients · Spotter</title>
      <ClientsPage />
    </>
  );
}
