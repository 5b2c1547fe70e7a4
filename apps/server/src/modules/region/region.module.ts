import { CityClass } from '@pcb/contract/city-class';
import type { Region } from '@pcb/contract';
import { appModule } from '../app-module';
import { acceptsGzip, matchesEtag, prepareAnswer } from './region.answer';
import { loadRegionData } from './region.data';

export { COUNTRY } from './region.data';

/** A serializer that sends these bytes, whatever the handler returned (Fastify sends Buffers). */
const bytes = (buffer: Buffer) => (() => buffer) as unknown as (payload: unknown) => string;

/** How long a browser may keep the selector data before asking again (with its ETag). */
export const REGION_MAX_AGE_SECONDS = 7 * 24 * 3600;

export interface RegionApi {
  /** The names of a county-level code, or null when no such division exists. */
  lookup: (code: string) => Region | null;
}

/**
 * China's administrative divisions: the area picker's data (`CityClass`), answered from memory
 * with gzip, a long cache and an ETag, and the code → names lookup other modules validate with.
 */
export const regionModule = appModule({
  create: () => {
    const data = loadRegionData();
    let answer: ReturnType<typeof prepareAnswer> | null = null;
    const api: RegionApi = { lookup: data.lookup };
    return {
      api,
      routes: (route) =>
        route(CityClass.GetProvinceCitySelectorData, async ({ request, reply }) => {
          answer ??= prepareAnswer(data.provinces);
          const prepared = answer;
          reply.header('etag', prepared.etag);
          reply.header('cache-control', `public, max-age=${REGION_MAX_AGE_SECONDS}`);
          reply.header('vary', 'accept-encoding');
          if (matchesEtag(request.headers['if-none-match'], prepared.etag)) {
            reply.code(304);
            reply.serializer(() => '');
            return data.provinces;
          }
          // The same bytes every time: the answer was serialised (and checked) once.
          reply.header('content-type', 'application/json; charset=utf-8');
          if (acceptsGzip(request.headers['accept-encoding'])) {
            reply.header('content-encoding', 'gzip');
            reply.serializer(bytes(prepared.gzip));
          } else {
            reply.serializer(bytes(prepared.json));
          }
          return data.provinces;
        }),
    };
  },
});
