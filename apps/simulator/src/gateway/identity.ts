/**
 * What a simulated gateway is: its model (which gateway firmware is made for) and the firmware it ships
 * with. The fleet's definitions and a gateway started on its own (the tests, the CLI) start from the same.
 */
export { SIM_GATEWAY_FIRMWARE, SIM_GATEWAY_MODEL } from '@heliograph/shared';
