import { createHmac, randomUUID } from 'node:crypto';

/**
 * Aliyun's RPC-style API with signature version 1.0 (HMAC-SHA1), as used by SendSms and
 * VerifyIntelligentCaptcha: https://help.aliyun.com/document_detail/315526.html
 */

export interface AliyunRpcCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: string;
}

/** RFC 3986 encoding as Aliyun wants it: also `!'()*`, with `%20` for spaces. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
}

export function signRpc(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

export class AliyunRpcError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AliyunRpcError';
  }
}

export interface RpcCall {
  action: string;
  version: string;
  params: Record<string, string>;
  now?: Date;
  timeoutMs?: number;
}

/** Calls one action and returns the parsed JSON body; HTTP errors become AliyunRpcError. */
export async function callAliyunRpc(
  credentials: AliyunRpcCredentials,
  call: RpcCall,
): Promise<Record<string, unknown>> {
  const params: Record<string, string> = {
    ...call.params,
    Action: call.action,
    Version: call.version,
    Format: 'JSON',
    AccessKeyId: credentials.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: randomUUID(),
    // ISO 8601 in UTC without milliseconds, as the API requires.
    Timestamp: (call.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  params.Signature = signRpc('POST', params, credentials.accessKeySecret);
  const response = await fetch(credentials.endpoint.replace(/\/?$/, '/'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: canonicalQuery(params),
    signal: AbortSignal.timeout(call.timeoutMs ?? 5_000),
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new AliyunRpcError(`${call.action}: HTTP ${response.status}, not JSON`);
  }
  if (!response.ok) {
    const code = typeof body.Code === 'string' ? body.Code : undefined;
    throw new AliyunRpcError(
      `${call.action}: HTTP ${response.status} ${code ?? ''} ${String(body.Message ?? '')}`.trim(),
      code,
    );
  }
  return body;
}
