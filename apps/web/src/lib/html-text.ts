/** Text made safe to put between tags or in a quoted attribute of HTML the first paints write by hand. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
