import type { Mail } from './mailer.ts';

/**
 * The account mails. Links sit on a line of their own so they can be copied (and read by tests);
 * every mail says what to do when the reader did not ask for it.
 */
const lines = (...parts: string[]) => [...parts, '', 'SafeShore'].join('\n');
const hello = (name: string | null | undefined) => `Hello ${name || 'there'},`;

export function resetMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your SafeShore password',
    text: lines(
      hello(name),
      '',
      'Someone (we hope you) asked to reset the password of your SafeShore account.',
      'Open this link within 60 minutes to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ),
  };
}

export function registrationMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Finish creating your SafeShore account',
    text: lines(
      hello(name),
      '',
      'Someone (we hope you) asked to create a SafeShore account with this email address.',
      'To finish, open this link within 24 hours and enter the password you chose:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: no account is created.',
    ),
  };
}

/** To the owner of an address someone tried to register again. */
export function alreadyRegisteredMail(to: string, name: string, loginLink: string, resetLink: string): Mail {
  return {
    to,
    subject: 'Someone tried to create a SafeShore account with your email',
    text: lines(
      hello(name),
      '',
      'Someone (perhaps you) tried to create a SafeShore account with this email address, which',
      'already has an account. Nothing has changed.',
      '',
      'To sign in, go to:',
      loginLink,
      '',
      'Forgotten your password? Choose a new one here:',
      resetLink,
      '',
      'If it was not you, you can ignore this message.',
    ),
  };
}

export function verifyMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your SafeShore email address',
    text: lines(
      hello(name),
      '',
      'Please confirm that this email address belongs to your SafeShore account.',
      'Open this link within 24 hours (you will be asked for your password, or to be signed in):',
      '',
      link,
      '',
      'If you do not have a SafeShore account, ignore this message and do not open the link.',
    ),
  };
}

/** To the new address of an email change. */
export function changeConfirmMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your new SafeShore email address',
    text: lines(
      hello(name),
      '',
      'Someone (we hope you) asked to use this address for their SafeShore account.',
      'The change takes effect when you open this link within 24 hours and enter the account password:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: nothing changes.',
    ),
  };
}

/** To the old address of an email change. */
export function changeNoticeMail(to: string, name: string, newEmail: string, resetLink: string): Mail {
  return {
    to,
    subject: 'Your SafeShore email address is being changed',
    text: lines(
      hello(name),
      '',
      `Someone signed in to your SafeShore account asked to change its email address to ${newEmail}.`,
      'The change takes effect only when that address confirms it.',
      '',
      'If this was not you, choose a new password now; that also cancels the change:',
      resetLink,
    ),
  };
}

/** To the owner of an address another account tried to move to. */
export function changeToTakenMail(to: string, name: string): Mail {
  return {
    to,
    subject: 'Someone tried to use your email for another SafeShore account',
    text: lines(
      hello(name),
      '',
      'Someone asked to change the email address of another SafeShore account to this address,',
      'which already has an account. Nothing has changed, and your account is as it was.',
    ),
  };
}
