import { Navigate, Outlet } from 'react-router-dom';
import { DashboardLayout } from '../../../components/layouts/dashboard-layout';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { ContactsButton } from '../../../features/contacts/components/contacts-button';
import { ChatNavBadge } from '../../../features/chat/components/chat-nav-badge';
import { PrToasts } from '../../../features/performance/components/pr-toasts';
import { AcceptedInviteToasts, ClientsNavBadge } from '../../../features/clients/components/accepted-invites';
import { BrandingSync } from '../../../features/settings/components/branding-sync';

/** The guard and frame of every protected page. */
export function Component() {
  const { status } = useAuth();
  // Until a stored session is known to be good, render nothing rather than flash the sign-in page.
  if (status === 'loading') return null;
  if (status === 'unauthenticated') return <Navigate to={paths.auth.signIn.getHref()} replace />;
  return (
    <DashboardLayout actions={<ContactsButton />} navBadges={{ Chat: <ChatNavBadge />, Clients: <ClientsNavBadge /> }}>
      <BrandingSync />
      <Outlet />
      <PrToasts />
      <AcceptedInviteToasts />
    </DashboardLayout>
  );
}
