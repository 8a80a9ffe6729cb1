// The public face of `modules/operator`: what other folders may import from it (decision 0181); the rest is its own.
export { registerOperatorRoutes } from './operator.routes.ts';
export { wireOperator } from './operator.wiring.ts';
export type { OperatorArea } from './operator.wiring.ts';
export { describeGrant, grantOperator } from './grant-operator.ts';
