import { describe, expect, it } from 'vitest';
import { keccak256, type Hex } from 'viem';
import { hanabiDrawRegistryDeployedBytecode as compiled } from '@hanabi/token';
import { DRAW_REGISTRY_CODE_HASH, isRegistryCode, registryCodeAsCompiled } from './registry-identity.ts';

const publisher = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const zeros = '0'.repeat(64);
/** The code as a deployment with `who` as publisher holds it: solc's zero words filled with the address. */
const deployedWith = (who: string) =>
  compiled.replaceAll(zeros, who.toLowerCase().slice(2).padStart(64, '0')) as Hex;

describe("the draw registry's identity", () => {
  it('pins the hash of the compiled registry the token package ships', () => {
    expect(keccak256(compiled)).toBe(DRAW_REGISTRY_CODE_HASH);
    // The publisher is the code's only immutable: solc leaves a zero word where each use of it goes.
    expect(compiled.split(zeros).length - 1).toBeGreaterThan(0);
  });

  it('knows the registry whoever its publisher is', () => {
    const code = deployedWith(publisher);
    expect(code).not.toBe(compiled);
    expect(registryCodeAsCompiled(code, publisher)).toBe(compiled.toLowerCase());
    expect(isRegistryCode(code, publisher)).toBe(true);
  });

  it('refuses any other code, none, or the code read with another publisher', () => {
    const code = deployedWith(publisher);
    // One byte changed anywhere: a contract that merely looks like the registry.
    const tampered = `${code.slice(0, 100)}${code[100] === 'f' ? 'e' : 'f'}${code.slice(101)}` as Hex;
    expect(isRegistryCode(tampered, publisher)).toBe(false);
    expect(isRegistryCode('0x', publisher)).toBe(false);
    expect(isRegistryCode(undefined, publisher)).toBe(false);
    expect(isRegistryCode(code, undefined)).toBe(false);
    expect(isRegistryCode(code, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toBe(false);
  });
});
