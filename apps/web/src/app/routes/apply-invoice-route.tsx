import { ApplyInvoicePage } from '../../features/invoices/pages/apply-invoice-page';

export default function ApplyInvoiceRoute() {
  return <ApplyInvoicePage />;
}
