export * from './draw.ts';
export * from './beacon.ts';
export * from './record-problems.ts';
