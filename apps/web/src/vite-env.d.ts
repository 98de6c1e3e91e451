/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_IDLE_LIMIT_SECONDS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
