import { paths } from '../../config/paths';
import { EventList } from '../../components/events/event-list';
import { mySolitaireEventsAdapter } from './api';

export function SolitairePage() {
  return (
    <EventList
      adapter={mySolitaireEventsAdapter}
      variant="solitaire"
      title="Solitaire Events"
      description="View and manage all Solitaire events here"
      previewHref={(key) => paths.console.solitairePreview.getHref(key)}
      solitairePreview
    />
  );
}
