import { PagePlaceholder } from '../../components/page-placeholder';

export function AnalyticsPage() {
  return (
    <PagePlaceholder
      title="App Downloads"
      description="Downloads of the Organizer and Player apps per file, operating system and day."
      emptyText="Download counts, the File Downloads Over Time chart and the download log will appear here."
    />
  );
}
