import { paths } from '../../config/paths';
import { EventList } from '../../components/events/event-list';
import { solitaireEventsAdapter } from './api';

export function SolitairePage() {
  return (
    <EventList
      adapter={solitaireEventsAdapter}
      variant="solitaire"
      title="Solitaire Events"
      description="View and manage all Solitaire events here"
      previewHref={() => paths.admin.solitaire.getHref()}
      canDelete
    />
  );
}
