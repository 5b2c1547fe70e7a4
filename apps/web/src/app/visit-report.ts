import { CKInfo, type VisitInput } from '@pcb/contract/ck-info';
import { apiCall } from '../lib/api';
import { newGuid } from '../lib/guid';
import { getBdVid, getSessionFrom, setCountGuid } from '../lib/storage';

/**
 * Reports a browser's first visit (spec section 4): the address it arrived on, a new GUID, the
 * entry's bd_vid and from; the GUID is kept once the server has it. Loaded by first-visit.ts
 * for a browser that has not been counted yet, so the others never download it.
 */
export async function sendVisit(firstHref: string): Promise<void> {
  const guid = newGuid('D');
  const input: VisitInput = { FirstHref: firstHref.slice(0, 2048), GUID: guid };
  const bdVid = getBdVid();
  if (bdVid) input.bd_vid = bdVid.slice(0, 256);
  const from = getSessionFrom();
  if (from) input.from = from.slice(0, 64);
  try {
    await apiCall(CKInfo.Add, input);
    setCountGuid(guid);
  } catch {
    // Not saved, so the next navigation reports the visit again (spec section 8).
  }
}
