// Types of production-manifest.mjs for TypeScript callers (its test).
export declare const PRODUCTION_WORKSPACES: string[];
export declare function productionManifest(repoRoot: string): {
  files: Record<string, Record<string, unknown>>;
};
export declare function writeProductionManifest(repoRoot: string, outDir: string): string[];
