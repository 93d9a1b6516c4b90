import { useParams } from 'react-router-dom';
import { CalendarPage } from '../../../features/calendar/components/calendar-page';

export function Component() {
  const { clientId = '' } = useParams();
  return (
    <>
      <title>Calendar · Spotter</title>
      <CalendarPage clientId={clientId} />
    </>
  );
}
