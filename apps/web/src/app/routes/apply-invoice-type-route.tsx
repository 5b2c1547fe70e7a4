import { ApplyInvoicePage } from '../../features/invoices/pages/apply-invoice-page';

/** /MakeInvoice/applyInvoice/{type} without bills: the page sends the member to choose some. */
export default function ApplyInvoiceTypeRoute() {
  return <ApplyInvoicePage />;
}
