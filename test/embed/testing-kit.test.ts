/**
 * The testing kit's control channel in each test browser: a real
 * `<platform-embed>` on the test page loads the mock platform's embed page
 * (another origin), and the test drives that page from Node through the
 * runner's `mock-embed` server command, which calls MockEmbed.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/embed.js';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { mockPlatform, type MockPlatform } from '../api/mock-platform.js';

interface Action {
  type: string;
  payload: Record<string, unknown>;
}

/** Runs one `mock-embed` command; rejects with the kit's message on a failure. */
async function drive<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
  const answer = await executeServerCommand<T | { error: string }, Record<string, unknown>>('mock-embed', { op, ...args });
  if (answer && typeof answer === 'object' && 'error' in answer) throw new Error(answer.error);
  return answer as T;
}

interface Connected {
  index: number;
  path: string;
  session: boolean;
}

/** How many embed pages have connected to the runner's mock so far. */
async function connected(): Promise<number> {
  return (await drive<{ count: number }>('count')).count;
}

/**
 * The next embed page to connect after the first `since`. The runner's mock
 * serves every test file, so pages of earlier files (a late one may connect
 * after its file ended) are skipped: `next` hands out every page connected
 * since its last call.
 */
async function nextEmbed(since: number): Promise<Connected> {
  for (;;) {
    const embed = await drive<Connected>('next', { timeout: 10_000 });
    if (embed.index >= since) return embed;
  }
}

describe('testing kit: MockEmbed drives the mock embed page', () => {
  let mock: MockPlatform;
  let el: PlatformEmbedElement;
  let index: number;

  before(async () => {
    mock = await mockPlatform();
  });

  beforeEach(async () => {
    const since = await connected();
    el = await fixture<PlatformEmbedElement>(html`<platform-embed base-url=${mock.mockUrl} dashboard="sales-overview"></platform-embed>`);
    el.sessionProvider = async () => {
      const response = await fetch(`${mock.mockUrl}/api/v1/embed/generate-session`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${mock.adminKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ deploymentId: 42, externalId: 'kit@example.com' }),
      });
      return ((await response.json()) as { sessionId: string }).sessionId;
    };
    const next = nextEmbed(since);
    await oneEvent(el, 'platform-ready');
    const embed = await next;
    expect(embed.path).to.equal('/embed/dashboard/sales-overview');
    expect(embed.session).to.equal(true);
    index = embed.index;
  });

  it('send() reaches the element as its DOM event', async () => {
    const drilldown = oneEvent(el, 'platform-drilldown');
    await drive('send', { index, type: 'drilldown', payload: { widgetId: 'bar-region', member: 'orders.region', value: 'EMEA' } });
    expect((await drilldown).detail).to.deep.equal({ widgetId: 'bar-region', member: 'orders.region', value: 'EMEA' });
  });

  it('an action the element sends arrives in Node', async () => {
    el.setLocale('de-DE');
    const action = await drive<Action>('wait', { index, type: 'set-locale' });
    expect(action).to.deep.equal({ type: 'set-locale', payload: { locale: 'de-DE' } });
  });

  it('a fatal auth failure is renewed with a fresh session, as a new embed page', async () => {
    const renewal = oneEvent(el, 'platform-session-renewal');
    const next = nextEmbed(await connected());
    await drive('fail', { index, message: 'The session has expired.', options: { context: 'auth' } });
    expect((await renewal).detail.error.context).to.equal('auth');
    const renewed = await next;
    expect(renewed.index).to.not.equal(index);
    expect(renewed.session).to.equal(true);
    if (!el.ready) await oneEvent(el, 'platform-ready');
  });

  it('expire(): the element renews the credential in place, the mock marks the session used, nothing reloads', async () => {
    const frame = el.iframe;
    const sessionsBefore = await drive<{ sessionId: string; used: boolean }[]>('sessions');
    const expired = oneEvent(el, 'platform-session-expired');
    const renewal = oneEvent(el, 'platform-session-renewal');
    await drive('expire', { index });
    await expired;
    expect((await renewal).detail).to.deep.equal({ attempt: 1, error: null, trigger: 'expired', inPlace: true });
    const action = await drive<Action>('wait', { index, type: 'set-session', timeout: 5000 });
    expect(action.payload['sessionId']).to.be.a('string');
    // The page trades it in place: the mock then counts it as used.
    let sessions = await drive<{ sessionId: string; used: boolean }[]>('sessions');
    for (let i = 0; i < 50 && !sessions.find((s) => s.sessionId === action.payload['sessionId'])?.used; i++) {
      await new Promise((r) => setTimeout(r, 50));
      sessions = await drive('sessions');
    }
    expect(sessions.length).to.equal(sessionsBefore.length + 1);
    expect(sessions.find((s) => s.sessionId === action.payload['sessionId'])).to.deep.equal({ sessionId: action.payload['sessionId'], used: true });
    expect(el.iframe).to.equal(frame);
    expect(el.ready).to.equal(true);
    expect(await connected()).to.equal(index + 1);
  });

  it('a page that is gone fails a wait at once, with a message saying so', async () => {
    el.remove();
    let message = '';
    try {
      await drive('wait', { index, type: 'navigate', timeout: 8000 });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).to.match(/is gone/);
  });
});
