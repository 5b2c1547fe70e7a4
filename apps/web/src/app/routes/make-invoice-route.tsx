import { MakeInvoicePage } from '../../features/invoices/pages/make-invoice-page';

export default function MakeInvoiceRoute() {
  return <MakeInvoicePage />;
}
