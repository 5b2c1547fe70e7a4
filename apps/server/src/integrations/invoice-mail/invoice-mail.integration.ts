import { z } from 'zod';
import { intSetting, missing, text } from '../../lib/settings';
import { integration, type IntegrationContext } from '../integration';
import type { InvoiceMailer } from './invoice-mail';
import { createInvoiceMailOutbox, createSandboxInvoiceMail } from './invoice-mail-outbox';
import { createSmtpInvoiceMail, type SmtpSettings } from './smtp-invoice-mail';

export type InvoiceMailConfig = { provider: 'sandbox' } | { provider: 'smtp'; smtp: SmtpSettings };

/**
 * E-invoices to members' e-mail (decision 0069): SMTP, or the sandbox, which sends nothing and
 * keeps each mail in an outbox (the console's StaffInvoice/MailOutbox).
 */
export const invoiceMailIntegration = integration({
  env: z.object({
    INVOICE_MAIL_PROVIDER: z
      .enum(['sandbox', 'smtp'], { error: 'must be sandbox or smtp' })
      .default('sandbox'),
    SMTP_HOST: text(),
    SMTP_PORT: intSetting(465, 1, 65_535),
    SMTP_SECURE: z.enum(['true', 'false']).default('true'),
    SMTP_USER: text(),
    SMTP_PASSWORD: text(),
    INVOICE_MAIL_FROM: text(),
  }),
  problems: (env, { isProduction }) => [
    ...(isProduction && env.INVOICE_MAIL_PROVIDER === 'sandbox'
      ? ['INVOICE_MAIL_PROVIDER=sandbox cannot be used in production (no invoice would be mailed)']
      : []),
    ...(env.INVOICE_MAIL_PROVIDER === 'smtp'
      ? missing(
          env,
          ['SMTP_HOST', 'SMTP_USER', 'SMTP_PASSWORD', 'INVOICE_MAIL_FROM'],
          'INVOICE_MAIL_PROVIDER=smtp',
        )
      : []),
  ],
  settings: (env): InvoiceMailConfig =>
    env.INVOICE_MAIL_PROVIDER === 'smtp'
      ? {
          provider: 'smtp',
          smtp: {
            host: env.SMTP_HOST ?? '',
            port: env.SMTP_PORT,
            secure: env.SMTP_SECURE === 'true',
            user: env.SMTP_USER ?? '',
            password: env.SMTP_PASSWORD ?? '',
            from: env.INVOICE_MAIL_FROM ?? '',
          },
        }
      : { provider: 'sandbox' },
  create: (
    settings,
    { db, now }: Pick<IntegrationContext, 'db' | 'now'>,
    options: {
      /** A mailer instead of the one the environment selects (tests). */
      invoiceMail?: InvoiceMailer;
    },
  ) => {
    const invoiceMailOutbox = createInvoiceMailOutbox(db);
    const invoiceMail =
      options.invoiceMail ??
      (settings.provider === 'smtp'
        ? createSmtpInvoiceMail(settings.smtp)
        : createSandboxInvoiceMail(invoiceMailOutbox, now));
    return { provides: { invoiceMail, invoiceMailOutbox } };
  },
});
