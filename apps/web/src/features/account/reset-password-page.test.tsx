// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordRequests } from '../../testing/network';
import { renderApp } from '../../testing/render-app';
import { ResetPasswordPage } from './reset-password-page';

describe('ResetPasswordPage, choosing the new password', () => {
  it('says a new password is more than 8 characters, and refuses exactly 8', async () => {
    const requests = recordRequests();
    renderApp(<ResetPasswordPage />, { path: '/reset-password', initialEntry: '/reset-password?token=a-token-from-the-mail' });
    expect(screen.getByText('More than 8 characters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^New Password/, { selector: 'input' }), { target: { value: 'eight ch' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/, { selector: 'input' }), { target: { value: 'eight ch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByText(messages.passwordTooShort)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
