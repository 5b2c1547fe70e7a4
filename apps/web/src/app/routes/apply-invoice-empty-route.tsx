import { ApplyInvoicePage } from '../../features/invoices/pages/apply-invoice-page';

/** /MakeInvoice/applyInvoice without bills: the page sends the member to choose some. */
export default function ApplyInvoiceEmptyRoute() {
  return <ApplyInvoicePage />;
}
