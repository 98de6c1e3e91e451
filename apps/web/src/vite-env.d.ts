/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_IDLE_LIMIT_SECONDS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A part of a language's translation.json (vite-translation-parts.ts). */
declare module '*/translation.json?part=start' {
  const strings: object;
  export default strings;
}
declare module '*/translation.json?part=signedIn' {
  const strings: object;
  export default strings;
}
