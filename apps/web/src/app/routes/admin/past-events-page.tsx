import { paths } from '../../../config/paths';
import { EventList } from '../../../features/events/event-list';
import { pastEventsAdapter } from '../../../features/events/api/admin-events';

export function PastEventsPage() {
  return (
    <EventList
      adapter={pastEventsAdapter}
      variant="pair"
      title="Past Events"
      description="Finished pair events with their participants, board results and XML downloads."
      previewHref={(key) => paths.admin.pastEventPreview.getHref(key)}
    />
  );
}
