/** Records every string written to document.cookie (jsdom hides max-age once stored). */
export function recordCookieWrites(): { writes: string[]; restore: () => void } {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const get = descriptor?.get?.bind(document);
  const set = descriptor?.set?.bind(document);
  if (!get || !set) throw new Error('document.cookie is not an accessor here');
  const writes: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      return get() as string;
    },
    set(value: string) {
      writes.push(value);
      set(value);
    },
  });
  return {
    writes,
    restore: () => {
      Reflect.deleteProperty(document, 'cookie');
    },
  };
}
