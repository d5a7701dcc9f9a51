// What other features may use from this one; everything else in the folder is its own business.
// The views bring their styles wherever they are shown.
import './plant-layout.css';
export { LogicalView } from './LogicalView';
export { PhysicalView } from './PhysicalView';
