import { PriceSheet } from '@pcb/contract/price-sheet';
import { StaffPriceSheet } from '@pcb/contract/staff-price-sheet';
import type { DefineRoute } from '../../http/define-route';
import type { Sample } from './preview';
import type { PriceSheetService } from './price-sheet.service';

/** The quote page caches the sheet; a minute old is fine, the ETag makes the check cheap. */
const PUBLISHED_MAX_AGE_S = 60;

export function registerPriceSheetRoutes(route: DefineRoute, sheets: PriceSheetService): void {
  route(PriceSheet.GetPublished, async ({ request, reply }) => {
    const answer = await sheets.getPublished();
    const etag = `"sheet-${answer.version}-${answer.calendar.toYear}"`;
    reply.header('etag', etag);
    reply.header('cache-control', `public, max-age=${PUBLISHED_MAX_AGE_S}`);
    if (request.headers['if-none-match'] === etag) reply.code(304);
    return answer;
  });

  route(StaffPriceSheet.List, async ({ input }) => sheets.list(input));
  route(StaffPriceSheet.Get, async ({ input }) => sheets.get(input.id));
  route(StaffPriceSheet.CreateDraft, async ({ write }) => sheets.createDraft(write()));
  route(StaffPriceSheet.SaveDraft, async ({ input, write }) =>
    sheets.saveDraft(write(), input.id, input.sheet, input.note),
  );
  route(StaffPriceSheet.Preview, async ({ input, write }) =>
    sheets.preview(write(), input.id, input.samples as Sample[] | undefined),
  );
  route(StaffPriceSheet.Publish, async ({ input, write }) =>
    sheets.publish(write(), input.id, input.expectedCurrentVersion),
  );
  route(StaffPriceSheet.DeleteDraft, async ({ input, write }) =>
    sheets.deleteDraft(write(), input.id),
  );
}
