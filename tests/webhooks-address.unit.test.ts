/**
 * The webhook address check (no SSRF), on addresses alone: nothing here sends a packet.
 */
import { describe, expect, it } from 'vitest';
import { classifyAddress, mayConnect } from '../src/webhooks/address-check.ts';
import { endpointUrlProblem } from '../src/webhooks/safe-request.ts';

describe('webhook address check', () => {
  it.each([
    ['10.0.0.1'],
    ['10.255.255.255'],
    ['172.16.0.1'],
    ['172.31.255.254'],
    ['192.168.1.1'],
    ['169.254.169.254'], // cloud metadata
    ['100.64.0.1'], // CGNAT
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['255.255.255.255'],
    ['::'],
    ['fc00::1'],
    ['fd12:3456::1'],
    ['fe80::1'],
    ['fe80::1%eth0'],
    ['ff02::1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['::ffff:a9fe:a9fe'],
    ['not-an-address'],
  ])('refuses %s, even under the loopback test setting', (address) => {
    expect(classifyAddress(address)).toBe('forbidden');
    expect(mayConnect(address, true)).toBe(false);
    expect(mayConnect(address, false)).toBe(false);
  });

  it.each([['127.0.0.1'], ['127.0.0.2'], ['127.255.255.254'], ['::1'], ['[::1]'], ['::ffff:127.0.0.1'], ['::ffff:7f00:1']])(
    'treats %s as loopback: refused unless the test setting is on',
    (address) => {
      expect(classifyAddress(address)).toBe('loopback');
      expect(mayConnect(address, false)).toBe(false);
      expect(mayConnect(address, true)).toBe(true);
    },
  );

  it.each([['93.184.216.34'], ['8.8.8.8'], ['172.32.0.1'], ['2606:4700::1111'], ['::ffff:8.8.8.8']])('lets the public address %s through', (address) => {
    expect(classifyAddress(address)).toBe('public');
    expect(mayConnect(address, false)).toBe(true);
  });
});

describe('webhook endpoint URLs', () => {
  it('requires https', () => {
    expect(endpointUrlProblem('http://hooks.example.com/x', false)).toBe('The URL must start with https://.');
    expect(endpointUrlProblem('ftp://hooks.example.com/x', false)).toBe('The URL must start with https://.');
    expect(endpointUrlProblem('https://hooks.example.com/x', false)).toBeNull();
  });

  it.each([
    ['https://127.0.0.1/x'],
    ['https://127.0.0.2/x'],
    ['https://[::1]/x'],
    ['https://0x7f000001/x'],
    ['https://2130706433/x'],
    ['https://localhost/x'],
    ['https://api.localhost/x'],
    ['https://10.1.2.3/x'],
    ['https://169.254.169.254/latest'],
    ['https://[fe80::1]/x'],
  ])('refuses %s when it is registered', (url) => {
    expect(endpointUrlProblem(url, false)).toBe('The URL points to a private, loopback or link-local address.');
  });

  it('allows plain http on loopback only under the test setting, and never private ranges', () => {
    expect(endpointUrlProblem('http://127.0.0.1:4000/hook', true)).toBeNull();
    expect(endpointUrlProblem('http://localhost:4000/hook', true)).toBeNull();
    expect(endpointUrlProblem('http://hooks.example.com/hook', true)).toBe('The URL must start with https://.');
    expect(endpointUrlProblem('https://192.168.0.10/hook', true)).toBe('The URL points to a private, loopback or link-local address.');
  });

  it('refuses credentials in the URL', () => {
    expect(endpointUrlProblem('https://user:pw@hooks.example.com/x', false)).toBe('The URL must not contain a user name or password.');
  });
});
