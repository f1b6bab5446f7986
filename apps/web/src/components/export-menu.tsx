import { Button, Menu } from '@mantine/core';
import { exportEndpoints, urlOf, type ExportDataset } from '@bridge/api';
import { DownloadIcon } from './icons';
import './data-styles';

export type ExportFormat = 'xlsx' | 'csv' | 'pdf';

/** The address of an admin export: the dataset's list parameters (blank ones left out) plus the format. */
export function exportHref(dataset: ExportDataset, format: ExportFormat, params: Record<string, string | number | boolean | undefined>): string {
  const filled = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
  return urlOf(exportEndpoints.download, { dataset }, { format, ...filled });
}

type ExportMenuProps = {
  /** The server's export address for a format: every row matching the list's current search and filters. */
  hrefFor: (format: ExportFormat) => string;
  /** Print prints the page (the table as shown); defaults to window.print. */
  onPrint?: () => void;
  label?: string;
};

const formats: { format: ExportFormat; label: string }[] = [
  { format: 'xlsx', label: 'Excel' },
  { format: 'csv', label: 'CSV' },
  { format: 'pdf', label: 'PDF' },
];

/** Export: Excel, CSV and PDF files from the server (streamed, named by the server), and Print. */
export function ExportMenu({ hrefFor, onPrint, label = 'Export' }: ExportMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<DownloadIcon size={16} />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {formats.map(({ format, label: text }) => (
          <Menu.Item key={format} component="a" href={hrefFor(format)} download>
            {text}
          </Menu.Item>
        ))}
        <Menu.Item onClick={() => (onPrint ? onPrint() : window.print())}>Print</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
