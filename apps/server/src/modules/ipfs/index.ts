// The public face of `modules/ipfs`: what other folders may import from it (decision 0181); the rest is its own.
export { parseRange, registerIpfsGatewayRoutes } from './ipfs-gateway.routes.ts';
