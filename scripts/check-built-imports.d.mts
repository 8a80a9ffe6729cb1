export function packageName(specifier: string): string;
export function installedManifest(name: string, fromDir: string): string | null;
export function builtImportProblems(options: {
  metafile: {
    inputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }> }>;
  };
  buildDir: string;
  runDir: string;
}): { problems: string[]; checked: number };
