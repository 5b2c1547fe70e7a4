import { EditInvoicePage } from '../../features/invoices/pages/edit-invoice-page';

export default function EditInvoiceRoute() {
  return <EditInvoicePage />;
}
