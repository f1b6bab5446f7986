// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { renderApp } from '../testing/render-app';

describe('NotFoundPage', () => {
  it('answers an unknown path with the 404 texts and a link home', async () => {
    renderApp(routes, { initialEntry: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: messages.notFoundTitle })).toBeTruthy();
    expect(screen.getByText(messages.notFoundText)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back Home' }).getAttribute('href')).toBe('/');
  });
});
