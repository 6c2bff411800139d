// Minimal first-party cookie helpers. Values are URI-encoded so JSON fits.

export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) {
      try {
        return decodeURIComponent(trimmed.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${Math.floor(options.maxAgeSeconds)}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${name}=; path=${path}; max-age=0; SameSite=Lax`;
}
