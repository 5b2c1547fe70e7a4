// Finance's invoice requests (decision 0069): the queue, one request, issue with a PDF
// (uploaded, or generated outside production), reject, resend; red letters; the mail outbox.
import { uploadToStorage } from '@pcb/client/upload';
import type { InputOf } from '@pcb/contract';
import { StaffInvoice } from '@pcb/contract/bill';
import { apiCall, useEndpointMutation, useEndpointQuery } from '../../../lib/api';

const S = StaffInvoice;

export const useInvoiceRequests = (input: InputOf<typeof S.List>) =>
  useEndpointQuery(S.List, input, { keepPrevious: true });
export const useInvoiceRequest = (id: number | null) =>
  useEndpointQuery(S.Get, { id: id ?? 0 }, { enabled: id !== null });
export const useIssueInvoice = () =>
  useEndpointMutation(S.Approve, { invalidates: [S.List, S.Get, S.RedLetters, S.MailOutbox] });
export const useRejectInvoice = () =>
  useEndpointMutation(S.Reject, { invalidates: [S.List, S.Get] });
export const useResendInvoice = () =>
  useEndpointMutation(S.ResendMail, { invalidates: [S.Get, S.MailOutbox] });
export const useRedLetters = () => useEndpointQuery(S.RedLetters, { page: 1 });
export const useInvoiceMailOutbox = (input: InputOf<typeof S.MailOutbox>) =>
  useEndpointQuery(S.MailOutbox, input, { keepPrevious: true });

/** The tax bureau's PDF, straight to object storage with a staff ticket; resolves to its key. */
export function uploadInvoicePdf(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  return uploadToStorage({
    ticket: (fileExt, signal) => apiCall(S.GetPdfUploadCode, { fileExt }, { signal }),
    file,
    ...options,
  });
}
