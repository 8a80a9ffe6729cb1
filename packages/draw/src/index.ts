export * from './draw.ts';
export * from './beacon.ts';
