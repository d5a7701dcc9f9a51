/**
 * Most plants one simulated demo fleet can have: the simulator's serial numbers carry the plant's index in
 * three digits. The server checks FLEET_SIZE against it before it starts anything (without loading the
 * simulator); the simulator's defineFleet refuses more.
 */
export const MAX_FLEET_SIZE = 999;
