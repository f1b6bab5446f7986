import { EventList } from '../../../features/events/event-list';
import { adminEventLists } from './event-lists';

export function SolitairePage() {
  return <EventList {...adminEventLists.solitaire} />;
}
