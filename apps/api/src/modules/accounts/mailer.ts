import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. SMTP in production; a file outbox on a laptop and in tests. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** One line, no control characters: nothing a header could be split with. */
const headerValue = (value: string) =>
  Array.from(value, (char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' ? ' ' : char))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: headerValue(mail.to),
        subject: headerValue(mail.subject),
        text: mail.text,
      });
    },
  };
}

/**
 * Writes each message as an RFC 5322 `.eml` file (plain UTF-8 text, 8bit, so links stay on one
 * line and can be read or copied straight from the file) into `dir`.
 */
export function createOutboxMailer(dir: string, from: string): Mailer & { dir: string } {
  return {
    kind: 'outbox',
    dir,
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const now = new Date();
      const id = crypto.randomBytes(6).toString('hex');
      const message = [
        `From: ${headerValue(from)}`,
        `To: ${headerValue(mail.to)}`,
        `Subject: ${headerValue(mail.subject)}`,
        `Date: ${now.toUTCString()}`,
        `Message-ID: <${now.getTime()}.${id}@safeshore.outbox>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        `${mail.text.replace(/\r?\n/g, '\r\n').replace(/(\r\n)?$/, '')}\r\n`,
      ].join('\r\n');
      const name = `${now.toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const file = path.join(dir, name);
      await fs.writeFile(`${file}.tmp`, message, { mode: 0o600 });
      await fs.rename(`${file}.tmp`, file);
    },
  };
}

export function createMailer(config: {
  SMTP_URL?: string | undefined;
  OUTBOX_DIR: string;
  MAIL_FROM: string;
}): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(config.OUTBOX_DIR, config.MAIL_FROM);
}
