/**
 * A URL attribute as a browser reads it: tabs and newlines dropped anywhere, spaces and
 * controls trimmed at either end, so `java\tscript:` is `javascript:`. Sanitisers judge this,
 * not the raw value.
 */
export function browserUrlText(value: string): string {
  const text = value.replace(/[\t\n\r]/g, '');
  // Trimmed by hand: /[\0- ]+$/ would rescan a long run of spaces from each of its positions.
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}
