/**
 * The webhooks context's public surface (the CLI reads endpoints and deliveries
 * through it). Routes and the feature registration stay out.
 */
export * from './domain/event-types.ts';
export * from './domain/backoff.ts';
export { classifyAddress, mayConnect } from './address-check.ts';
export { listEndpoints, listDeliveries, type EndpointOut, type DeliveryOut } from './endpoints.ts';
export { postWebhook, endpointUrlProblem, DELIVERY_TIMEOUT_MS, type PostResult } from './safe-request.ts';
