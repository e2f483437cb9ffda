/**
 * The limits of `keep-alive`: at most 4 embeds kept per document (the one
 * kept longest goes first) and 10 minutes each, checked with a fake clock
 * that stands in for `setTimeout` while an embed is kept.
 */
import { expect } from '@open-wc/testing';
import { KEEP_MS, keptCount, MAX_KEPT } from '../../src/keep-alive.js';
import { keepAliveEmbed, LoadCounter, ready, routeFixture, settle } from './helpers.js';

/** A fake clock: timers of a minute or more are held until `tick`; shorter ones run for real. */
class FakeClock {
  private now = 0;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  private next = 1e9;
  private readonly real = { set: window.setTimeout, clear: window.clearTimeout };

  install(): void {
    const set = (run: () => void, delay = 0): number => {
      if (delay < 60_000) return this.real.set.call(window, run, delay) as unknown as number;
      const id = (this.next += 1);
      this.timers.set(id, { at: this.now + delay, run });
      return id;
    };
    window.setTimeout = set as unknown as typeof window.setTimeout;
    window.clearTimeout = ((id: number) => (this.timers.delete(id) ? undefined : this.real.clear.call(window, id))) as typeof window.clearTimeout;
  }

  uninstall(): void {
    window.setTimeout = this.real.set;
    window.clearTimeout = this.real.clear;
  }

  tick(ms: number): void {
    this.now += ms;
    for (const [id, timer] of [...this.timers]) {
      if (timer.at > this.now) continue;
      this.timers.delete(id);
      timer.run();
    }
  }
}

describe('keep-alive: limits', () => {
  let counter: LoadCounter;
  let route: HTMLElement;
  const clock = new FakeClock();

  const fixture = routeFixture();
  beforeEach(() => {
    ({ counter, route } = fixture);
    clock.install();
  });

  afterEach(() => clock.uninstall());

  async function keepOne(dashboard: string): Promise<HTMLIFrameElement> {
    const embed = keepAliveEmbed(counter, 'viewer-1', dashboard);
    route.append(embed);
    await ready(embed);
    const iframe = embed.iframe!;
    embed.remove();
    return iframe;
  }

  it(`keeps at most ${MAX_KEPT} embeds: the one kept longest is dropped first`, async () => {
    expect(MAX_KEPT).to.equal(4);
    const frames: HTMLIFrameElement[] = [];
    for (const dashboard of ['d1', 'd2', 'd3', 'd4', 'd5']) frames.push(await keepOne(dashboard));
    expect(keptCount()).to.equal(4);
    expect(frames.map((frame) => frame.isConnected)).to.deep.equal([false, true, true, true, true]);
    // The dropped one loads anew; a kept one is adopted.
    const first = keepAliveEmbed(counter, 'viewer-1', 'd1');
    const second = keepAliveEmbed(counter, 'viewer-1', 'd2');
    route.append(first, second);
    await ready(first);
    await ready(second);
    await settle();
    expect(second.iframe).to.equal(frames[1]);
    expect(counter.sessions).to.equal(6);
  });

  it('keeps an embed for at most 10 minutes', async () => {
    expect(KEEP_MS).to.equal(10 * 60 * 1000);
    const old = await keepOne('d1');
    clock.tick(5 * 60 * 1000);
    const young = await keepOne('d2');
    clock.tick(5 * 60 * 1000 - 1);
    expect([old.isConnected, young.isConnected], 'just under 10 minutes').to.deep.equal([true, true]);
    clock.tick(1);
    expect([old.isConnected, young.isConnected], 'the first at 10 minutes').to.deep.equal([false, true]);
    expect(keptCount()).to.equal(1);
    clock.tick(5 * 60 * 1000);
    expect(keptCount()).to.equal(0);
    expect(young.isConnected).to.equal(false);
  });

  it('an adopted embed is no longer timed: it is kept for 10 minutes again from its next removal', async () => {
    await keepOne('d1');
    clock.tick(9 * 60 * 1000);
    const embed = keepAliveEmbed(counter, 'viewer-1', 'd1');
    route.append(embed);
    await ready(embed);
    clock.tick(60 * 60 * 1000);
    expect(embed.ready).to.equal(true);
    embed.remove();
    clock.tick(9 * 60 * 1000);
    expect(keptCount()).to.equal(1);
    clock.tick(60 * 1000);
    expect(keptCount()).to.equal(0);
  });
});
