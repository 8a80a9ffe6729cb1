// Types of production-stage.mjs for the TypeScript scripts that use it (production-footprint.ts).
export declare const STAGED_PATHS: string[];
export declare const STAGED_EXTRAS: string[];
export declare function stageProduction(outDir: string, options?: { log?: (line: string) => void }): string;
