import { EventList } from '../../../features/events/event-list';
import { adminEventLists } from './event-lists';

export function PastEventsPage() {
  return <EventList {...adminEventLists.past} />;
}
