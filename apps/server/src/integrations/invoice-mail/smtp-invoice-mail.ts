import { createTransport } from 'nodemailer';
import { InvoiceMailError, type InvoiceMailer } from './invoice-mail';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The sender: `会员中心 <invoice@example.com>`. */
  from: string;
}

/**
 * The production InvoiceMail adapter: SMTP through nodemailer. The PDF is attached from its
 * signed URL (nodemailer fetches it while sending), so object storage needs no read call.
 */
export function createSmtpInvoiceMail(settings: SmtpSettings): InvoiceMailer {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.user, pass: settings.password },
    connectionTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    provider: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          attachments: [
            {
              filename: message.attachment.filename,
              path: message.attachment.url,
              contentType: 'application/pdf',
            },
          ],
        });
      } catch (error) {
        throw new InvoiceMailError('SMTP send failed', { cause: error });
      }
    },
  };
}
