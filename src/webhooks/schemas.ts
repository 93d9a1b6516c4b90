/** Response schemas of the webhook routes (OpenAPI, and what tests/api-fuzz checks). */
import { Type } from '@sinclair/typebox';

const Str = (maxLength: number) => Type.String({ maxLength });
const Time = Type.String({ maxLength: 40 });
const NullableTime = Type.Union([Time, Type.Null()]);

export const EndpointOut = Type.Object({
  id: Str(64),
  url: Str(2000),
  description: Str(500),
  event_types: Type.Array(Str(40), { maxItems: 10 }),
  enabled: Type.Boolean(),
  disabled_reason: Type.Union([Str(1000), Type.Null()]),
  previous_secret_until: NullableTime,
  created_at: Time,
  updated_at: Time,
});

export const EndpointListOut = Type.Object({ data: Type.Array(EndpointOut), event_types: Type.Array(Str(40)) });
export const EndpointOneOut = Type.Object({ data: EndpointOut });
export const EndpointWithSecretOut = Type.Object({ data: EndpointOut, secret: Str(100) });
export const DeletedOut = Type.Object({ success: Type.Literal(true) });
export const TestQueuedOut = Type.Object({ success: Type.Literal(true), delivery_id: Str(64) });

export const DeliveryOut = Type.Object({
  id: Str(64),
  event_type: Str(40),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer({ minimum: 0 }),
  response_status: Type.Union([Type.Integer(), Type.Null()]),
  response_body: Type.Union([Str(500), Type.Null()]),
  error: Type.Union([Str(2000), Type.Null()]),
  next_attempt_at: NullableTime,
  created_at: Time,
  delivered_at: NullableTime,
});
export const DeliveryListOut = Type.Object({ data: Type.Array(DeliveryOut) });
