import type { Plugin } from 'vite';

/**
 * `code` (JavaScript) without the `name: …` properties of its object literals whose value is
 * plain text (a string, a template of names, a name); null when it has none.
 */
export function stripTextProperties(code: string, name: string): string | null;

/**
 * Leaves the texts only the server reads out of the browser's bundle, in the build: the
 * endpoints' `summary` (the contract's modules) and the routes' `description` (the route table).
 */
export function serverOnlyTexts(): Plugin;
