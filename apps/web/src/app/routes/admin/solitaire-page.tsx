import { EventList } from '../../../features/events/event-list';
import { solitaireEventsAdapter } from '../../../features/events/api/admin-events';

// No preview route: a row's Preview says solitaire previews are coming to the admin console.
export function SolitairePage() {
  return (
    <EventList
      adapter={solitaireEventsAdapter}
      variant="solitaire"
      title="Solitaire Events"
      description="View and manage all Solitaire events here"
    />
  );
}
