import { EventList } from '../../../features/events/event-list';
import { consoleEventLists } from './event-lists';

export function SolitairePage() {
  return <EventList {...consoleEventLists.solitaire} />;
}
