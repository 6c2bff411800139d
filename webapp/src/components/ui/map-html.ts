// Leaflet takes a tooltip's or a marker's content as HTML. The names a map shows can be typed by
// anyone (a traveller names their own pickup point), so they are escaped before Leaflet parses them.
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
