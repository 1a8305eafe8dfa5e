/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the SPA's own (empty: same origin, the default). */
  readonly VITE_API_BASE_URL?: string;
  /** Google Tag Manager container id (GTM-…); absent: no tag manager script is loaded. */
  readonly VITE_GTM_ID?: string;
}
