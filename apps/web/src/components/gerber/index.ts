// The Gerber module's entry (docs/decisions/0030-gerber-analysis.md), meant for
// `import('…/features/gerber')` when the member picks a file: nothing here may be imported
// statically from outside this folder, so fflate and pcb-stackup stay out of the page's bundle.
// analyzeGerberZip runs the analysis in a Web Worker; the page stays responsive meanwhile.
import { GerberZipError } from './errors';
import type { GerberAnalysis } from './types';
import type { WorkerReply } from './worker-protocol';

export { GerberZipError } from './errors';
export { compareWithQuote, quoteValuesFromAnalysis, ORDERABLE_LAYERS } from './compare';
export type { GerberMismatch } from './compare';
export { GerberPreview } from './gerber-preview';
export type { GerberPreviewProps } from './gerber-preview';
export type * from './types';

/** Larger files are not analysed on a phone (the upload limit of /fillOrder is its own). */
export const GERBER_ANALYSIS_MAX_BYTES = 50 * 1024 * 1024;

/** Unzip, identify, measure and render a Gerber zip in a Web Worker. Rejects with a GerberZipError. */
export async function analyzeGerberZip(file: Blob): Promise<GerberAnalysis> {
  const name = 'name' in file && typeof file.name === 'string' ? file.name : '';
  if (name && !/\.zip$/i.test(name))
    throw new GerberZipError('只能在手机上分析zip压缩包（rar、7z可直接上传，但无法预览）');
  if (file.size > GERBER_ANALYSIS_MAX_BYTES)
    throw new GerberZipError('文件超过50MB，无法在手机上分析');
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL('./gerber.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<GerberAnalysis>((resolve, reject) => {
      worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => {
        if (event.data.ok) resolve(event.data.analysis);
        else reject(new GerberZipError(event.data.message));
      });
      worker.addEventListener('error', () => reject(new GerberZipError('文件分析失败，请重试')));
      worker.postMessage(bytes, [bytes]);
    });
  } finally {
    worker.terminate();
  }
}
