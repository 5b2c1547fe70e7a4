import type { UploadTicket } from '@pcb/contract';

/** Where uploaded files live: Aliyun OSS, or the embedded sandbox that plays it. */
export interface ObjectStorage {
  readonly provider: 'sandbox' | 'aliyun';
  /** A PostObject ticket for exactly this key (dir + filename + fileExt). */
  createPostTicket(request: {
    dir: string;
    filename: string;
    fileExt: string;
    maxBytes: number;
    expiresAt: Date;
  }): UploadTicket;
  /** Whether the object was actually uploaded. */
  exists(key: string): Promise<boolean>;
  /**
   * Stores an object the server itself makes (the demo seed's design files), replacing any at
   * the key. Members' files never come this way: they go straight to storage with a ticket.
   */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** A URL that reads the object until `expiresAt` (query-string signature, V1). */
  signedGetUrl(key: string, expiresAt: Date): string;
}

export class ObjectStorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ObjectStorageError';
  }
}

/** Keys are ours (`identity/12/<uuid>.jpg`); anything else is refused before it nears a path. */
export const isSafeKey = (key: string): boolean =>
  key.length > 0 &&
  key.length <= 512 &&
  !key.startsWith('/') &&
  key.split('/').every((part) => part !== '' && part !== '.' && part !== '..') &&
  /^[\w./-]+$/.test(key);
