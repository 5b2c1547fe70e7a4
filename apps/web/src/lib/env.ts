// The only reader of build-time configuration in the web app.
const rawApiBase = import.meta.env.VITE_API_BASE ?? '';

export const env = {
  /** Prefix of every API path; '' keeps calls on the page's own origin. */
  apiBase: rawApiBase.replace(/\/+$/, ''),
  serviceHotline: import.meta.env.VITE_SERVICE_HOTLINE?.trim() || '400-000-0000',
} as const;
