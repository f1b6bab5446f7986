// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { RegisterPage } from './register-page';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });
}

describe('RegisterPage', () => {
  it('refuses a short password', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderApp(<RegisterPage />, { path: '/register' });
    fill('Full Name', 'Ada Player');
    fill('Email', 'ada@example.com');
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'short' } });
    fill('Confirm Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.passwordTooShort)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a password of exactly 8 characters, as the hint says', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderApp(<RegisterPage />, { path: '/register' });
    expect(screen.getByText('More than 8 characters')).toBeTruthy();
    fill('Full Name', 'Ada Player');
    fill('Email', 'ada@example.com');
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'eight ch' } });
    fill('Confirm Password', 'eight ch');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.passwordTooShort)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reports passwords that do not match', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderApp(<RegisterPage />, { path: '/register' });
    fill('Full Name', 'Ada Player');
    fill('Email', 'ada@example.com');
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'long enough 1' } });
    fill('Confirm Password', 'long enough 2');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(screen.queryByText(messages.passwordTooShort)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('goes to the verify page with the server message after signing up', async () => {
    const message = messages.registrationSent('ada@example.com');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ result: { email: 'ada@example.com', message } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
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
