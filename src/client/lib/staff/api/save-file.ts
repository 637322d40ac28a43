/**
 * Downloads the panel makes through a staff call (a POST with the staff token, so not a plain
 * link): the answer's body is handed to the browser as a file.
 */
import type { FileCallName, StaffCall } from '#shared/calls.ts';
import type { FileRequest } from '#client/lib/api-client.ts';
import { staffApi } from './staff-api.ts';

/**
 * The file name a Content-Disposition header gives (RFC 6266: `filename*` in UTF-8 wins over
 * `filename`), or null. Only the last path segment is kept: the browser decides where it goes.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}

/** Hands a downloaded file to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL may go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves a download answer under the name its Content-Disposition gives, else `fallback`. */
export async function saveResponse(response: Response, fallback: string): Promise<string> {
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallback;
  saveFile(blob, fileName);
  return fileName;
}

/** A staff download (`admin-export-csv`, …) saved as a file; answers the name it was saved under. */
export async function saveDownload<N extends StaffCall & FileCallName>(
  name: N,
  request: FileRequest<N>,
  fallback: string,
): Promise<string> {
  return saveResponse(await staffApi.download(name, request), fallback);
}
