import { Button, Menu } from '@mantine/core';
import { exportEndpoints, urlOf, type ExportDataset } from '@bridge/api';
import { DownloadIcon } from './icons';
import './data-styles';

/** The files, and `html`: every matching row laid out for printing. */
export type ExportFormat = 'xlsx' | 'csv' | 'pdf' | 'html';

/** The address of an admin export: the dataset's list parameters (blank ones left out) plus the format. */
export function exportHref(dataset: ExportDataset, format: ExportFormat, params: Record<string, string | number | boolean | undefined>): string {
  const filled = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
  return urlOf(exportEndpoints.download, { dataset }, { format, ...filled });
}

type ExportMenuProps = {
  /** The server's export address for a format: every row matching the list's current search and filters. */
  hrefFor: (format: ExportFormat) => string;
  label?: string;
};

const formats: { format: Exclude<ExportFormat, 'html'>; label: string }[] = [
  { format: 'xlsx', label: 'Excel' },
  { format: 'csv', label: 'CSV' },
  { format: 'pdf', label: 'PDF' },
];

/**
 * Prints every row the files hold, not the page's loaded rows: the server's print layout of the same search and
 * filters (title, filter, time, one plain table) is loaded in a hidden frame and printed from there. The frame
 * stays until the next print or until the page goes, so the browser's print dialog keeps its document.
 */
export function printExport(href: string): HTMLIFrameElement {
  document.querySelector('iframe[data-print-frame]')?.remove();
  const frame = document.createElement('iframe');
  frame.setAttribute('data-print-frame', '');
  frame.title = 'Print layout';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', visibility: 'hidden' });
  frame.addEventListener('load', () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
  });
  frame.src = href;
  document.body.append(frame);
  return frame;
}

/** Export: Excel, CSV and PDF files from the server (streamed, named by the server), and Print of the same rows. */
export function ExportMenu({ hrefFor, label = 'Export' }: ExportMenuProps) {
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
        <Menu.Item onClick={() => printExport(hrefFor('html'))}>Print</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
