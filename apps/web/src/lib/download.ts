import type { EndpointDef } from '@pcb/contract';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@pcb/client';
import { memberAuthHeaders, urlOf } from './api';
import { removeAccessToken } from './storage';

/**
 * Fetches a file endpoint (its contract names the type and file name) with the member's token
 * and saves it under the endpoint's file name. A refusal is the usual envelope: its message
 * becomes the ApiError's.
 */
export async function downloadEndpointFile(endpoint: EndpointDef): Promise<void> {
  if (!endpoint.file) throw new Error(`${endpoint.path} is not a file endpoint`);
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint), { headers: memberAuthHeaders() });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 401) removeAccessToken();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' && body.message ? body.message : '下载失败';
    throw new ApiError(response.status, message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = endpoint.file.fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click was handled; the browser has the file by then.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}
