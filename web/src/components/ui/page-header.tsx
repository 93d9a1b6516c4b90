import type { ReactNode } from 'react';
import './page-header.css';

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode };

/** The heading row at the top of a dashboard page. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}
