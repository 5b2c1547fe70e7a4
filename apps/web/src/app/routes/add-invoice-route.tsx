import { EditInvoicePage } from '../../features/invoices/pages/edit-invoice-page';

/** /MakeInvoice/editInvoice without an id: a new profile. */
export default function AddInvoiceRoute() {
  return <EditInvoicePage />;
}
