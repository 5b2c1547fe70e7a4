// The Web Worker that analyses a Gerber zip off the page's thread (index.ts starts it).
import './node-globals';
import { analyzeGerberBytes } from './analyze';
import { GerberZipError } from './errors';
import type { WorkerReply } from './worker-protocol';

const reply = (message: WorkerReply) => postMessage(message);

addEventListener('message', (event: MessageEvent<ArrayBuffer>) => {
  analyzeGerberBytes(new Uint8Array(event.data)).then(
    (analysis) => reply({ ok: true, analysis }),
    (error: unknown) =>
      reply({
        ok: false,
        message:
          error instanceof GerberZipError ? error.message : '文件分析失败，请确认是Gerber压缩包',
      }),
  );
});
