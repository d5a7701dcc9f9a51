/**
 * Most plants one simulated demo fleet can have: enough for the scale benchmark's 10,000-plant fleet. A
 * serial number carries the plant's index in at least three digits and the device's in exactly three, so
 * numbers stay unique past plant 999 (the index simply grows a digit). The server checks FLEET_SIZE against
 * it before it starts anything (without loading the simulator); the simulator's defineFleet refuses more.
 */
export const MAX_FLEET_SIZE = 10_000;
