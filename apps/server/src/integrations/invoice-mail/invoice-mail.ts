/** One e-invoice e-mail: to the profile's address, the PDF attached (fetched from its URL). */
export interface InvoiceMailMessage {
  to: string;
  subject: string;
  text: string;
  attachment: {
    filename: string;
    /** A signed link to the PDF in object storage, valid long enough for the send. */
    url: string;
  };
  /** The invoice request it belongs to (the outbox lists it). */
  requestId: number;
}

/** InvoiceMail (decision 0069): SMTP in production, an outbox sandbox elsewhere. */
export interface InvoiceMailer {
  readonly provider: 'sandbox' | 'smtp';
  send(message: InvoiceMailMessage): Promise<void>;
}

export class InvoiceMailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvoiceMailError';
  }
}
