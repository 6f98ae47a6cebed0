export * from './routes.ts';
export * from './contract.ts';
export * from './table.ts';
