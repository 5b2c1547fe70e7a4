import { z } from 'zod';

// Zod compiles a fast parser for each object schema with `new Function` unless told not to. The
// page's Content-Security-Policy (script-src 'self') forbids that, so its probe could only fail,
// and Chromium reports each refused attempt as a CSP violation: about 9 ms on the first parse.
// Imported first by main.tsx, before any schema is built (each reads the setting when built).
z.config({ jitless: true });
