// The simulated devices' maker and firmware live in packages/shared (the simulator starts from the same).
export { demoIdentity } from '@heliograph/shared';
