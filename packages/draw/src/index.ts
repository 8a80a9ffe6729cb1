export * from './draw.ts';
export * from './beacon.ts';
export * from './commitment-record.ts';
