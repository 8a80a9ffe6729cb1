// Types for scripts/solidity.mjs (imported by the tests).
export declare const PACKAGE_ROOT: string;
export declare const COMPILER_SETTINGS: Readonly<{
  evmVersion: string;
  optimizer: Readonly<{ enabled: boolean; runs: number }>;
  viaIR: boolean;
  metadata: Readonly<{ bytecodeHash: string }>;
}>;
export declare function compilerVersion(): string;
export declare function readSourceUnit(unitName: string): string | undefined;

export interface SolcContractOutput {
  abi: unknown[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
}
export declare function compileSolidity(
  entries: readonly string[],
  options?: { settings?: object },
): { contracts: Record<string, Record<string, SolcContractOutput>>; sources: Record<string, string> };
export declare function sourceHashOf(
  version: string,
  settings: object,
  sourceHashes: Record<string, string>,
): string;
