/**
 * A chunk's file and every chunk it imports statically, recursively, by file name. `importsOf` gives a chunk's
 * static imports, or undefined for a file that is not a chunk of the bundle (then it is not counted).
 */
export function chunkClosure(
  start: string,
  importsOf: (fileName: string) => readonly string[] | undefined,
): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const imports = files.has(fileName) ? undefined : importsOf(fileName);
    if (!imports) return;
    files.add(fileName);
    imports.forEach(visit);
  };
  visit(start);
  return files;
}
