export * from './draw.ts';
