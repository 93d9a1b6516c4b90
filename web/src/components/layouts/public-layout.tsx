import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ThemeToggle } from '../theme-toggle';
import { buttonClasses } from '../ui/button';
import { LogoMark } from '../ui/icons';
import './shell.css';

/** A public page wider than a form (e.g. the e-mail demo). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app-shell">
      <header className="topbar">
        <div className="topbar__inner">
          <Link to={paths.auth.signIn.getHref()} className="brand">
            <LogoMark />
            <span>Spotter</span>
          </Link>
          <div className="topbar__actions">
            <ThemeToggle />
            <Link to={paths.auth.signIn.getHref()} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              Sign In
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="app-main">
        {children}
      </main>
    </div>
  );
}
