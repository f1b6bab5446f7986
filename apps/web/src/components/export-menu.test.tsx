// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { ExportMenu, exportHref } from './export-menu';

afterEach(() => document.querySelector('iframe[data-print-frame]')?.remove());

describe('ExportMenu', () => {
  it("prints the server's layout of every matching row, not the page's loaded rows", async () => {
    renderApp(<ExportMenu hrefFor={(format) => exportHref('users', format, { query: 'ann' })} />, { path: '/users' });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: 'CSV' }).getAttribute('href')).toBe('/api/admin/v1/export/users?format=csv&query=ann');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Print' }));
    const frames = document.querySelectorAll('iframe[data-print-frame]');
    expect(frames).toHaveLength(1);
    expect(frames[0]!.getAttribute('src')).toBe('/api/admin/v1/export/users?format=html&query=ann');

    // A second print replaces the first frame rather than piling them up.
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Print' }));
    expect(document.querySelectorAll('iframe[data-print-frame]')).toHaveLength(1);
  });
});
