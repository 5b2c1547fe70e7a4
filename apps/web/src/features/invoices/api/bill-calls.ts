import { Bill, type BillFilter } from '@pcb/contract/bill';
import { MemberMessage } from '@pcb/contract/member-message';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

/** What a request changes: the bills' states, the sums, the requests, the messages. */
const requestInvalidates = [
  Bill.GetList,
  Bill.GetTotalAmount,
  Bill.GetRequestList,
  Bill.GetRequestDetail,
  Bill.CheckBillStandard,
  MemberMessage.GetUnReadNum,
];

/** The bills tab: the newest 100 matching the filter. */
export const useBills = (filter: BillFilter) =>
  useEndpointQuery(
    Bill.GetList,
    { ...filter, page: 1, pageSize: 100 },
    { staleTime: 0, keepPrevious: true },
  );

/** The selection's (or the filter's) invoiceable total. */
export const useBillTotal = (params: BillFilter & { ids?: number[] }, enabled = true) =>
  useEndpointQuery(Bill.GetTotalAmount, { params }, { staleTime: 0, enabled, keepPrevious: true });

export const useBillCheck = (billIds: number[], invoiceProfileId: number | undefined) =>
  useEndpointQuery(
    Bill.CheckBillStandard,
    { billIds, invoiceProfileId: invoiceProfileId ?? 1 },
    { staleTime: 0, enabled: invoiceProfileId !== undefined && billIds.length > 0 },
  );

export const useSaveRequest = () =>
  useEndpointMutation(Bill.SaveRequest, { invalidates: requestInvalidates });

export const useRequests = () =>
  useEndpointQuery(Bill.GetRequestList, { page: 1, pageSize: 100 }, { staleTime: 0 });

export const useRequestDetail = (id: number) =>
  useEndpointQuery(Bill.GetRequestDetail, { id }, { staleTime: 0 });

export const useDeleteRequest = () =>
  useEndpointMutation(Bill.DeleteRequest, {
    invalidates: requestInvalidates,
    toInput: (id: number) => ({ id }),
  });

export const useResendMail = () =>
  useEndpointMutation(Bill.ResendMail, {
    invalidates: [Bill.GetRequestDetail],
    toInput: (id: number) => ({ id }),
  });
