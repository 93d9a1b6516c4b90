import { firstGraphemes, initialsOf } from '@kernel';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { cx } from '../../lib/cx';
import { ThemeToggle } from '../theme-toggle';
import { DropdownMenu } from '../ui/dropdown-menu';
import { ChevronDownIcon, LinkIcon, LogOutIcon, LogoMark, SettingsIcon } from '../ui/icons';
import './shell.css';

// `coach`: shown to coaches only; `athleteOnly`: shown only to accounts that are not coaches.
const NAV_ITEMS: { label: string; to: string; coach?: true; athleteOnly?: true }[] = [
  { label: 'Clients', to: paths.app.clients.getHref(), coach: true },
  { label: 'Groups', to: paths.app.groups.getHref(), coach: true },
  { label: 'My Training', to: paths.app.training.getHref() },
  { label: 'Library', to: paths.app.library.getHref() },
  { label: 'Chat', to: paths.app.chat.getHref() },
  { label: 'Templates', to: paths.app.programTemplates.getHref(), coach: true },
  { label: 'Team Analytics', to: paths.app.teamAnalytics.getHref(), coach: true },
  { label: 'Become a coach', to: paths.app.becomeCoach.getHref(), athleteOnly: true },
];

function initials(name: string, email: string): string {
  return initialsOf(name) || firstGraphemes(email, 2).toUpperCase();
}

function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;

  return (
    <DropdownMenu
      header={
        <>
          <span className="menu__header-label">Signed in as</span>
          <span className="menu__header-email">{user.email}</span>
        </>
      }
      items={[
        {
          key: 'settings',
          label: 'Settings',
          icon: <SettingsIcon />,
          onSelect: () => void navigate(paths.app.settings.getHref()),
        },
        // Webhooks are an integration setting a coach visits rarely: they live here
        // rather than in the top navigation, which has no room left at 1280 px.
        ...(user.isCoach
          ? [
              {
                key: 'webhooks',
                label: 'Webhooks',
                icon: <LinkIcon />,
                onSelect: () => void navigate(paths.app.webhooks.getHref()),
              },
            ]
          : []),
        {
          key: 'signout',
          label: 'Sign out',
          icon: <LogOutIcon />,
          danger: true,
          onSelect: () => {
            void signOut().then(() => navigate(paths.auth.signIn.getHref(), { replace: true }));
          },
        },
      ]}
      trigger={(props) => (
        <button type="button" className="avatar-button" aria-label="Account menu" {...props}>
          <span className="avatar" aria-hidden="true">
            {initials(user.fullName, user.email)}
          </span>
          <ChevronDownIcon size={16} className="avatar-button__chevron" />
        </button>
      )}
    />
  );
}

/** Where a page's own top-navigation controls go (the calendar's Delete and Undo). */
const PageActionsSlot = createContext<HTMLElement | null>(null);

/** Renders its children in the top navigation, before the layout's own actions. */
export function TopNavActions({ children }: { children: ReactNode }) {
  const slot = useContext(PageActionsSlot);
  return slot ? createPortal(children, slot) : null;
}

type DashboardLayoutProps = {
  children: ReactNode;
  /** Extra controls before the theme toggle (the Contacts button, later Delete/Undo). */
  actions?: ReactNode;
  /** Something shown beside a navigation item, by its label (the Chat unread badge). */
  navBadges?: Partial<Record<string, ReactNode>>;
};

/** The frame of every signed-in page: top navigation, then the page. */
export function DashboardLayout({ children, actions, navBadges }: DashboardLayoutProps) {
  const [pageActions, setPageActions] = useState<HTMLElement | null>(null);
  const isCoach = useAuth().user?.isCoach === true;
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <Link to={isCoach ? paths.app.clients.getHref() : paths.app.training.getHref()} className="brand">
            <LogoMark />
            <span>Spotter</span>
          </Link>
          <nav aria-label="Main" className="topnav">
            {NAV_ITEMS.filter((item) => (item.coach ? isCoach : item.athleteOnly ? !isCoach : true)).map((item) => (
              <NavLink key={item.to} to={item.to} className={({ isActive }) => cx('topnav__link', isActive && 'topnav__link--active')}>
                {item.label}
                {navBadges?.[item.label]}
              </NavLink>
            ))}
          </nav>
          <div className="topbar__actions">
            <div ref={setPageActions} style={{ display: 'contents' }} />
            {actions}
            <ThemeToggle />
            <UserMenu />
          </div>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <PageActionsSlot value={pageActions}>{children}</PageActionsSlot>
      </main>
    </div>
  );
}
