/**
 * Loads a package that only the embedded mode uses (PGlite, the local IPFS block store). They are development
 * dependencies: `npm install` brings them for `npm start`, a production install (`npm ci --omit=dev`, the image)
 * leaves them out, and the bundled server imports them only when an embedded part is actually opened. `load`
 * must be a literal `() => import('package')` so the bundler keeps it a run-time import.
 */
export async function importEmbeddedPart<T>(
  name: string,
  setting: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String(error).includes(name)) {
      throw new Error(
        `${name} is not installed: this is a production install (npm ci --omit=dev), which has no embedded parts. ` +
          `Set ${setting}, or run from a full install (npm install) for the embedded mode.`,
        { cause: error },
      );
    }
    throw error;
  }
}
