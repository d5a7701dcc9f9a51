/** fast-check generators of requests and responses within the Modbus limits, shared by the frame tests. */
import fc from 'fast-check';
import { MODBUS_LIMITS, type ModbusRequest, type ModbusResponse } from './pdu.js';

/** Any request within the Modbus limits. */
export const requestArbitrary: fc.Arbitrary<ModbusRequest> = fc.oneof(
  fc
    .record({
      functionCode: fc.constantFrom(1 as const, 2 as const),
      quantity: fc.integer({ min: 1, max: MODBUS_LIMITS.readBits }),
    })
    .chain((r) => fc.integer({ min: 0, max: 0x10000 - r.quantity }).map((address) => ({ ...r, address }))),
  fc
    .record({
      functionCode: fc.constantFrom(3 as const, 4 as const),
      quantity: fc.integer({ min: 1, max: MODBUS_LIMITS.readRegisters }),
    })
    .chain((r) => fc.integer({ min: 0, max: 0x10000 - r.quantity }).map((address) => ({ ...r, address }))),
  fc.record({
    functionCode: fc.constant(5 as const),
    address: fc.integer({ min: 0, max: 0xffff }),
    value: fc.boolean(),
  }),
  fc.record({
    functionCode: fc.constant(6 as const),
    address: fc.integer({ min: 0, max: 0xffff }),
    value: fc.integer({ min: 0, max: 0xffff }),
  }),
  fc
    .array(fc.boolean(), { minLength: 1, maxLength: MODBUS_LIMITS.writeBits })
    .chain((values) =>
      fc
        .integer({ min: 0, max: 0x10000 - values.length })
        .map((address) => ({ functionCode: 15 as const, address, values })),
    ),
  fc
    .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: MODBUS_LIMITS.writeRegisters })
    .chain((values) =>
      fc
        .integer({ min: 0, max: 0x10000 - values.length })
        .map((address) => ({ functionCode: 16 as const, address, values })),
    ),
);

export interface Exchange {
  request: ModbusRequest;
  response: ModbusResponse;
}

/** A request and a well-formed response to it. */
export const exchangeArbitrary: fc.Arbitrary<Exchange> = requestArbitrary.chain(responseTo);

function responseTo(request: ModbusRequest): fc.Arbitrary<Exchange> {
  switch (request.functionCode) {
    case 1:
    case 2: {
      const functionCode = request.functionCode;
      return fc
        .array(fc.boolean(), { minLength: request.quantity, maxLength: request.quantity })
        .map((bits) => ({ request, response: { functionCode, bits } }));
    }
    case 3:
    case 4: {
      const functionCode = request.functionCode;
      return fc
        .array(fc.integer({ min: 0, max: 0xffff }), { minLength: request.quantity, maxLength: request.quantity })
        .map((registers) => ({ request, response: { functionCode, registers } }));
    }
    case 5:
    case 6:
      return fc.constant({ request, response: { ...request } });
    case 15:
    case 16:
      return fc.constant({
        request,
        response: { functionCode: request.functionCode, address: request.address, quantity: request.values.length },
      });
  }
}
