import { initialOf } from '@kernel';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { Client } from '../api/get-clients';
import { ComplianceRow } from './compliance';

/** One client: name (or Unnamed), the e-mail's local part, compliance; opens the client's calendar. */
export function ClientCard({ client }: { client: Client }) {
  const name = client.name?.trim() || 'Unnamed';
  return (
    <li className="client-card">
      {/* Named by its text as shown, then what it does (WCAG 2.5.3, label in name): "Avery Athlete avery, open calendar". */}
      <Link to={paths.app.calendar.getHref(client.id)} className="client-card__link">
        <span className="client-card__avatar" aria-hidden="true">
          {name === 'Unnamed' ? '?' : initialOf(name)}
        </span>
        <span className="client-card__who">
          <span className="client-card__name" title={name}>
            {name}
          </span>
          <span className="client-card__email">{client.email.split('@')[0]}</span>
        </span>
        <span className="visually-hidden">, open calendar</span>
      </Link>
      <ComplianceRow compliance={client.compliance} />
      <Link to={paths.app.chat.getHref(client.id)} className="client-card__message" aria-label={`Message ${name}`}>
        Message
      </Link>
    </li>
  );
}
