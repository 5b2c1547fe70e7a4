import { InvoiceDetailPage } from '../../features/invoices/pages/invoice-detail-page';

export default function InvoiceDetailRoute() {
  return <InvoiceDetailPage />;
}
