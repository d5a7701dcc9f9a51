/// <reference types="vite/client" />

/** Build version label, "V" + yyMMdd of the build date (vite.config.ts `define`). */
declare const __APP_VERSION__: string;
