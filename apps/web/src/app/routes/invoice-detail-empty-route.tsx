import { InvoiceDetailPage } from '../../features/invoices/pages/invoice-detail-page';

/** /MakeInvoice/invoiceDetail without an id: the member's requests, each opening its detail. */
export default function InvoiceDetailEmptyRoute() {
  return <InvoiceDetailPage />;
}
