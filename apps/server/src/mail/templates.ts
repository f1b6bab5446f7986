const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  link: string | null;
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1864ab;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#777">Bridge Platform: free duplicate bridge tournaments online and at the club.</p></body></html>`;
}

export function verifyEmailMail(names: string, link: string): MailContent {
  const intro = `Hello ${names},`;
  const lines = [intro, 'Please confirm your email address to activate your Bridge Platform account. The link works once and expires in 24 hours.'];
  return {
    subject: 'Confirm your email address',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not create an account, you can ignore this email.\n`,
    html: layout('Confirm your email address', [...lines, 'If you did not create an account, you can ignore this email.'], {
      label: 'Confirm email address',
      url: link,
    }),
    link,
  };
}

export function resetPasswordMail(names: string, link: string): MailContent {
  const lines = [
    `Hello ${names},`,
    'Someone asked to reset the password of your Bridge Platform account. The link works once and expires in 1 hour.',
  ];
  return {
    subject: 'Reset your password',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not ask for this, you can ignore this email: your password stays the same.\n`,
    html: layout('Reset your password', [...lines, 'If you did not ask for this, you can ignore this email: your password stays the same.'], {
      label: 'Choose a new password',
      url: link,
    }),
    link,
  };
}

/** Sent instead of a second account when someone registers with an address that already has one. */
export function accountExistsMail(names: string, loginUrl: string, resetUrl: string): MailContent {
  const lines = [
    `Hello ${names},`,
    'Someone tried to create a Bridge Platform account with this email address, which already has one.',
    `If it was you, log in at ${loginUrl}, or reset your password at ${resetUrl}. Otherwise you can ignore this email.`,
  ];
  return {
    subject: 'You already have an account',
    text: `${lines.join('\n\n')}\n`,
    html: layout('You already have an account', lines, { label: 'Log in', url: loginUrl }),
    link: loginUrl,
  };
}

/** A contact-form message, forwarded to the support address. */
export function contactMessageMail(message: { name: string; email: string; contact: string; description: string }): MailContent {
  const lines = [`From: ${message.name} <${message.email}>`, `Contact: ${message.contact}`, '', message.description];
  return {
    subject: `Contact form: ${message.name}`.slice(0, 150),
    text: `${lines.join('\n')}\n`,
    html: layout(`Message from ${message.name}`, [`From: ${message.name} <${message.email}>`, `Contact: ${message.contact}`, message.description]),
    link: null,
  };
}

/** A player's result, sent when the event they played is completed. */
export function eventResultMail(result: { names: string; event: string; place: string; score: string; link: string }): MailContent {
  const lines = [`Hello ${result.names},`, `The results of ${result.event} are out. You came ${result.place}, with ${result.score}.`];
  return {
    subject: `Your result in ${result.event}`.slice(0, 150),
    text: `${lines.join('\n\n')}\n\nSee your pair and every board: ${result.link}\n`,
    html: layout(`Your result in ${result.event}`, lines, { label: 'See the results', url: result.link }),
    link: result.link,
  };
}
