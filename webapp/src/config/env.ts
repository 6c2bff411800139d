// Build-time configuration. The API defaults to the same origin: in production
// the Go binary serves both the app and the API, in development Vite proxies /api.
export const env = {
  apiUrl: import.meta.env.VITE_API_URL ?? '',
  liveUrl: import.meta.env.VITE_LIVE_URL ?? '',
} as const;
