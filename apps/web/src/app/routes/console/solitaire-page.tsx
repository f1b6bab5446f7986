import { paths } from '../../../config/paths';
import { EventList } from '../../../features/events/event-list';
import { mySolitaireEventsAdapter } from '../../../features/events/api/my-events';

export function SolitairePage() {
  return (
    <EventList
      adapter={mySolitaireEventsAdapter}
      variant="solitaire"
      title="Solitaire Events"
      description="View and manage all Solitaire events here"
      previewHref={(key) => paths.console.solitairePreview.getHref(key)}
    />
  );
}
