// The only reader of build-time configuration in the console.
const rawApiBase = import.meta.env.VITE_API_BASE ?? '';

export const env = {
  /** Prefix of every API path; '' keeps calls on the page's own origin (the session cookie's). */
  apiBase: rawApiBase.replace(/\/+$/, ''),
  /** Where the router mounts the console (vite.config.ts `base`, without its trailing slash). */
  basename: import.meta.env.BASE_URL.replace(/\/+$/, ''),
} as const;
