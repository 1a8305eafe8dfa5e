import { readdir } from 'node:fs/promises';

/** Tutorial pages: lower-case words joined by hyphens, `.html`. */
export const tutorialFilePattern = /^[a-z0-9-]+\.html$/;
/** Images of the tutorials. */
export const tutorialImagePattern = /^[a-z0-9-]+\.(png|webp|jpg)$/;
/** The demo video and its poster. */
export const mediaFilePattern = /^[a-z0-9-]+\.(webm|mp4|jpg|png|webp)$/;

/** A folder whose files are served by name; see `contentFolder`. */
export interface ContentFolder {
  readonly dir: string;
  /** The name itself when it is a plain file of the folder that `pattern` allows, else undefined. */
  find(name: string, pattern: RegExp): Promise<string | undefined>;
  /** The names of all the folder's plain files that `pattern` allows, from one listing. */
  files(pattern: RegExp): Promise<Set<string>>;
}

/**
 * A folder served by exact file name. A name is found only when it matches a strict pattern (no
 * dots but the extension's, no slashes, backslashes, percent signs or NUL) and is an entry of the
 * folder's own listing that is a regular file (a symbolic link is not), so no spelling of a path
 * ever reads outside the folder.
 */
export function contentFolder(dir: string): ContentFolder {
  const allows = (name: string, pattern: RegExp) => name.length <= 100 && pattern.test(name);
  async function files(pattern: RegExp): Promise<Set<string>> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    return new Set(
      entries.filter((entry) => entry.isFile() && allows(entry.name, pattern)).map((e) => e.name),
    );
  }
  return {
    dir,
    files,
    async find(name, pattern) {
      if (!allows(name, pattern)) return undefined;
      return (await files(pattern)).has(name) ? name : undefined;
    },
  };
}
