import { paths } from '../../../config/paths';
import { EventList } from '../../../features/events/event-list';
import { activeEventsAdapter } from '../../../features/events/api/admin-events';

export function ActiveEventsPage() {
  return (
    <EventList
      adapter={activeEventsAdapter}
      variant="pair"
      title="Active Events"
      description="Events that are running now, with their participants and details."
      previewHref={(key) => paths.admin.activeEventPreview.getHref(key)}
    />
  );
}
