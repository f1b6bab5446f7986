import { paths } from '../../config/paths';
import { EventList } from '../../components/events/event-list';
import { pastEventsAdapter } from './api';

export function PastEventsPage() {
  return (
    <EventList
      adapter={pastEventsAdapter}
      variant="pair"
      title="Past Events"
      description="Finished pair events with their participants, board results and XML downloads."
      previewHref={(key) => paths.admin.pastEventPreview.getHref(key)}
      canDelete
    />
  );
}
