/**
 * Shared setup of the client tests: the mock platform's address, a client
 * bound to it, and helpers that capture a rejection.
 */
import { expect } from '@open-wc/testing';
import { PlatformApiClient, PlatformApiError, type PlatformApiClientOptions } from '../../src/api/index.js';
import { mockPlatform, mockReset, type MockPlatform } from './mock-platform.js';

/** The running mock platform; set by {@link useMockPlatform}. */
export let mock: MockPlatform;

/** Loads the mock's address once and resets its data before each test. */
export function useMockPlatform(): void {
  before(async () => {
    mock = await mockPlatform();
  });
  beforeEach(() => mockReset());
}

/** A client for the mock, with the admin key unless a token or provider is given. */
export function client(options: Partial<PlatformApiClientOptions> = {}): PlatformApiClient {
  const base: PlatformApiClientOptions = { baseUrl: mock.mockUrl, ...options };
  if (base.token === undefined && base.tokenProvider === undefined) base.token = mock.adminKey;
  return new PlatformApiClient(base);
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

/** The {@link PlatformApiError} `promise` rejects with. */
export async function apiError(promise: Promise<unknown>): Promise<PlatformApiError> {
  const error = await rejection(promise);
  expect(error).to.be.instanceOf(PlatformApiError);
  return error as PlatformApiError;
}
