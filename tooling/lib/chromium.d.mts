// Types of chromium.mjs, for the TypeScript files that import it (the Playwright config).
export declare const chromePath: string;
export declare const chromeArgs: string[];
export declare const chromeFlags: string[];
