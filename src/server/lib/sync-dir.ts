import { open } from 'node:fs/promises';

/**
 * Makes a rename or link in `dir` durable before anything relies on it. Directories cannot be
 * opened for sync on Windows, where this does nothing.
 */
export async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
