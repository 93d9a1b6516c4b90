/**
 * The request a piece of work belongs to, without passing it through every handler:
 * the HTTP layer enters a context per request, and handleCommand writes its id into
 * the metadata of the events it appends, so a click's log lines and its events share
 * one id (`requestId`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** What an incoming X-Request-ID may be (a load balancer's or a client's); anything else gets a fresh id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}
