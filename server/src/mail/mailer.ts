// Sends mail over SMTP (SMTP_URL, nodemailer). Every mail is kept in the outbox first; without SMTP_URL
// (the embedded default) it stays there, and is also written as a file under DATA_DIR/mail-outbox, so
// `npm run cli -- mail outbox` can show it while the server holds the embedded database.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { writeMailFile } from './file-outbox.ts';
import type { MailRepository } from './mail.repository.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The customer the mail concerns, so its debug screen lists it; none for mail of no customer. */
  customerId?: number | null;
}

export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly outbox: MailRepository,
    private readonly options: { smtpUrl: string | null; from: string; outboxDir?: string | null },
    private readonly logger?: Pick<Logger, 'info' | 'error'>,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  /** Keeps the mail, then hands it to SMTP when configured. Never throws: a failure is recorded and logged. */
  async send(mail: OutgoingMail): Promise<void> {
    const { id } = await this.outbox.keep(mail.to, mail.subject, mail.text, mail.customerId ?? null);
    if (!this.transport) {
      const file = await this.keepAsFile(id, mail);
      this.logger?.info({ outboxId: id, file }, 'mail kept in the outbox (no SMTP_URL configured)');
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await this.outbox.markSent(id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.outbox.markFailed(id, message);
      this.logger?.error({ outboxId: id, err: message }, 'mail could not be sent');
    }
  }

  /** The file copy of an unsent mail; a full disk must not fail what asked for the mail. */
  private async keepAsFile(id: number, mail: OutgoingMail): Promise<string | undefined> {
    if (!this.options.outboxDir) return undefined;
    try {
      return await writeMailFile(this.options.outboxDir, {
        id,
        to: mail.to,
        subject: mail.subject,
        body: mail.text,
        date: new Date(),
      });
    } catch (error) {
      this.logger?.error(
        { outboxId: id, err: String(error) },
        'mail could not be written to the outbox folder',
      );
      return undefined;
    }
  }
}
