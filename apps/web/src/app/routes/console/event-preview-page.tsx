import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { EventPreview, type EventPreviewTab } from '../../../features/events/event-preview';
import { myPastEventsAdapter, mySolitaireEventsAdapter } from '../../../features/events/api/my-events';

/** One of the user's pair events: participants, board results, details (another user's event: not found). */
export function PastEventPreviewPage() {
  const { key = '', tab = 'participants' } = useParams();
  return (
    <EventPreview
      adapter={myPastEventsAdapter}
      eventKey={key}
      tab={tab as EventPreviewTab}
      tabs={['participants', 'board-results', 'details']}
      tabHref={(next) => paths.console.pastEventPreview.getHref(key, next)}
      backHref={paths.console.pastEvents.getHref()}
    />
  );
}

/** One of the user's solitaire events: participants and details. */
export function SolitairePreviewPage() {
  const { key = '', tab = 'participants' } = useParams();
  return (
    <EventPreview
      adapter={mySolitaireEventsAdapter}
      eventKey={key}
      tab={tab as EventPreviewTab}
      tabs={['participants', 'details']}
      tabHref={(next) => paths.console.solitairePreview.getHref(key, next)}
      backHref={paths.console.solitaire.getHref()}
    />
  );
}
