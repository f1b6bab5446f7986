import { EventList } from '../../../features/events/event-list';
import { adminEventLists } from './event-lists';

export function ActiveEventsPage() {
  return <EventList {...adminEventLists.active} />;
}
