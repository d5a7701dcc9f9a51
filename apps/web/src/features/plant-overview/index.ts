// What other features may use from this one; everything else in the folder is its own business.
export { CardError } from './CardError';
export { EnergyFlowDiagram } from './EnergyFlowDiagram';
export { buildFlowModel } from './flowModel';
export { createSseParser, reconnectDelay } from './sseParser';
