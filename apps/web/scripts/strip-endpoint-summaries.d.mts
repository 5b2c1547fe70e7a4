import type { Plugin } from 'vite';

/**
 * `code` (JavaScript) without the `summary: …` properties of its object literals whose value is
 * plain text (a string, a template of names, a name); null when it has none.
 */
export function stripEndpointSummaries(code: string): string | null;

/**
 * Leaves the endpoints' `summary` texts (the server's OpenAPI document) out of the browser's
 * bundle: the contract's modules, in the build only. No screen reads them.
 */
export function endpointSummaries(): Plugin;
