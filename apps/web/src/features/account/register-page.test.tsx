// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { RegisterPage } from './register-page';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });
}

describe('RegisterPage', () => {
  it('refuses a short password', async () => {
    const requests = recordRequests();
    renderApp(<RegisterPage />, { path: '/register' });
    fill('Full Name', 'Ada Player');
    fill('Email', 'ada@example.com');
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'short' } });
    fill('Confirm Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.passwordTooShort)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('refuses a password of exactly 8 characters, as the hint says', async () => {
    const requests = recordRequests();
    renderApp(<RegisterPage />, { path: '/register' });
    expect(screen.getByText('More than 8 characters')).toBeTruthy();
    fill('Full Name', 'Ada Player');
    fill('Email', 'ada@example.com');
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'eight ch' } });
    fill('Confirm Password', 'eight ch');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.passwordTooShort)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('reports passwords that do not match', async () => {
    const requests = recordRequests();
    renderApp(<RegisterPage />, { path: '/register' });
    fill('Full Name', 'Ada Player');
    fill('Email', 'ada@example.com');
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'long enough 1' } });
    fill('Confirm Password', 'long enough 2');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(screen.queryByText(messages.passwordTooShort)).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('goes to the verify page with the server message after signing up', async () => {
    const message = messages.registrationSent('ada@example.com');
    server.use(http.post('/api/v1/user/register', () => jsonResponse({ result: { email: 'ada@example.com', message } })));
    const { router } = renderApp(
      [
        { path: '/register', element: <RegisterPage /> },
        { path: '/verify-email', element: <p>verify page</p> },
      ],
      { path: '/register' },
    );
    fill('Full Name', 'Ada Player');
    fill('Email', 'ada@example.com');
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'correct horse' } });
    fill('Confirm Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('verify page')).toBeTruthy();
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(router.state.location.state).toEqual({ message });
  });
});
