import { Navigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { ClientsPage } from '../../../features/clients/components/clients-page';

export function Component() {
  const { user } = useAuth();
  // Clients are a coach's (the server refuses athlete-only accounts): send them to their training.
  if (user && !user.isCoach) return <Navigate to={paths.app.training.getHref()} replace />;
  return (
    <>
      <title>Clients · Spotter</title>
      <ClientsPage />
    </>
  );
}
