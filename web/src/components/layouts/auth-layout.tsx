import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ThemeToggle } from '../theme-toggle';
import { LogoMark } from '../ui/icons';
import './shell.css';
import './auth-layout.css';

const HIGHLIGHTS = ['Plan training on a calendar built for coaches', 'See every athlete’s compliance at a glance', 'Results logged by athletes appear live'];

/** The frame of every account page: a brand panel and a centred form card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <aside className="auth-layout__brand" aria-hidden="true">
        <div className="auth-layout__brand-inner">
          <div className="brand brand--inverse">
            <LogoMark size={34} />
            <span>Spotter</span>
          </div>
          <div>
            <p className="auth-layout__tagline">Coaching, programmed.</p>
            <ul className="auth-layout__highlights">
              {HIGHLIGHTS.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
          <p className="auth-layout__footnote">For strength coaches and the athletes they train.</p>
        </div>
      </aside>
      <main className="auth-layout__main">
        <div className="auth-layout__topbar">
          <Link to={paths.auth.signIn.getHref()} className="brand auth-layout__mobile-brand">
            <LogoMark />
            <span>Spotter</span>
          </Link>
          <ThemeToggle />
        </div>
        <div className="auth-layout__content">{children}</div>
      </main>
    </div>
  );
}

type AuthHeaderProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  tone?: 'default' | 'success' | 'error';
};

/** The title block at the top of an account form or status screen. */
export function AuthHeader({ title, description, icon, tone = 'default' }: AuthHeaderProps) {
  return (
    <header className="auth-header">
      {icon && <div className={`auth-header__icon auth-header__icon--${tone}`}>{icon}</div>}
      <h1 className="auth-header__title">{title}</h1>
      {description && <p className="auth-header__description">{description}</p>}
    </header>
  );
}
