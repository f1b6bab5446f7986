// @vitest-environment happy-dom
import { messages } from '@bridge/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { ContactPage } from './contact-page';

const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label);

function fill(values: Partial<Record<'Name' | 'Email' | 'Contact' | 'Description', string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('ContactPage', () => {
  it('shows the page heading and the opening hours', () => {
    renderApp(<ContactPage />, { path: '/contactus' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We'd Love to Hear from You.");
    expect(screen.getByText('Mon-Sun')).toBeTruthy();
    expect(screen.getByText('Open 24 hrs')).toBeTruthy();
  });

  it('explains every missing or wrong field before calling the server', async () => {
    const requests = recordRequests();
    renderApp(<ContactPage />, { path: '/contactus' });
    fill({ Email: 'not-an-email' });
    send();

    expect(await screen.findByText(messages.contactNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.invalidEmail)).toBeTruthy();
    expect(screen.getByText(messages.contactTooShort)).toBeTruthy();
    // The specification keeps the password text for an empty required text area.
    expect(screen.getByText(messages.passwordTooShort)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['12', messages.contactTooShort],
    ['98765', messages.contactTooShort],
    ['+999 1234567', messages.invalidCountryCode],
    ['98765 4321 98765 4321', messages.checkContact],
  ])('refuses the number %s at its field, as the server would, without sending', async (contact, text) => {
    const requests = recordRequests();
    renderApp(<ContactPage />, { path: '/contactus' });
    fill({ Name: 'Ann Example', Email: 'ann@example.com', Contact: contact, Description: 'Hello' });
    send();

    const error = await screen.findByText(text);
    // At the field: the field points at the message, and no dialog opens.
    expect(field('Contact').getAttribute('aria-invalid')).toBe('true');
    expect(field('Contact').getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('sends the message, says so and empties the form', async () => {
    const requests = recordRequests();
    server.use(http.post('/api/v1/tools/send-email', () => jsonResponse({ result: { message: messages.messageSent } })));
    renderApp(<ContactPage />, { path: '/contactus' });
    fill({
      Name: 'Ann Example',
      Email: 'ann@example.com',
      Contact: '+44 20 7946 0000',
      Description: 'Can our club run a Howell movement for seven pairs?',
    });
    send();

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.messageSent));
    expect(field('Name').value).toBe('');
    expect(field('Email').value).toBe('');
    expect(field('Contact').value).toBe('');
    expect(field('Description').value).toBe('');

    const sent = requests[0]!;
    expect(sent.url).toBe('/api/v1/tools/send-email');
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({
      name: 'Ann Example',
      email: 'ann@example.com',
      contact: '+442079460000', // as the server stores it
      description: 'Can our club run a Howell movement for seven pairs?',
      type: 1,
    });
  });

  it("shows the server's error in a dialog and keeps what was typed", async () => {
    server.use(
      http.post('/api/v1/tools/send-email', () =>
        jsonResponse({ error: 'Too many attempts. Please wait 1 minute and try again.', code: 'rate_limited' }, 429),
      ),
    );
    renderApp(<ContactPage />, { path: '/contactus' });
    fill({ Name: 'Ann', Email: 'ann@example.com', Contact: '98765 43210', Description: 'Hello' });
    send();

    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(field('Name').value).toBe('Ann');
  });
});
