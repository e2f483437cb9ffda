/**
 * The element's add-on interface, without the keep-alive entry: an element
 * lets go of its live embed (`element[ADD_ON]()`), an add-on hands it to
 * another element through the `adoptable` hook, and hears every render
 * through `shown`. `discardKeptAlive` is a no-op without an add-on.
 */
import { expect } from '@open-wc/testing';
import '../../src/embed.js';
import { ADD_ON, type AddOn, type LiveEmbed } from '../../src/embed/add-on.js';
import { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { ActionLog, tenantOrigin, until } from '../frameworks/helpers.js';
import { LoadCounter } from '../frameworks/keep-alive.js';

// Not ./helpers.js: it loads the keep-alive entry, and these tests stand in for it.
const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));
const ready = (embed: PlatformEmbedElement) => until(() => embed.ready, 'a ready embed');
function keepAliveEmbed(counter: LoadCounter): PlatformEmbedElement {
  const embed = document.createElement('platform-embed');
  embed.setAttribute('keep-alive', 'viewer-1');
  embed.setAttribute('base-url', tenantOrigin);
  embed.setAttribute('dashboard', 'sales');
  embed.sessionProvider = counter.provider;
  return embed;
}

describe('the add-on interface', () => {
  let counter: LoadCounter;
  afterEach(() => {
    counter?.dispose();
    delete PlatformEmbedElement[ADD_ON];
  });

  it('without an add-on, discardKeptAlive does nothing and never throws', () => {
    expect(PlatformEmbedElement[ADD_ON]).to.equal(undefined);
    expect(() => PlatformEmbedElement.discardKeptAlive()).to.not.throw();
    expect(() => PlatformEmbedElement.discardKeptAlive(42 as unknown as string)).to.not.throw();
    expect(PlatformEmbedElement.keptCount(), 'nothing kept without the add-on').to.equal(0);
  });

  it('a live embed from one element is adopted by another: same iframe, ready, no navigation, no session, state sent', async () => {
    counter = new LoadCounter();
    const shown: [HTMLElement, HTMLIFrameElement | undefined, boolean][] = [];
    let offered: LiveEmbed | undefined;
    const addOn: AddOn<PlatformEmbedElement> = {
      adoptable: (_element, shape) => (offered?.shape === shape ? offered : undefined),
      shown: (element, iframe, _root, covered) => shown.push([element, iframe, covered]),
      discard: () => {},
      count: () => 0,
    };
    PlatformEmbedElement[ADD_ON] = addOn;
    const first = keepAliveEmbed(counter);
    document.body.append(first);
    await ready(first);
    expect(shown.some(([element, iframe, covered]) => element === first && iframe === first.iframe && !covered), 'shown, not covered').to.equal(true);
    const iframe = first.iframe!;
    const info = first.readyInfo;
    const live = first[ADD_ON]()!;
    expect(live.iframe).to.equal(iframe);
    expect(live.ready.payload).to.deep.equal(info);
    expect(live.origin).to.equal(new URL(first.getAttribute('base-url')!).origin);
    expect(JSON.parse(live.shape)).to.include('sales');
    offered = live;

    const second = keepAliveEmbed(counter);
    second.setAttribute('scheme', 'dark');
    const log = new ActionLog(() => second);
    const events: unknown[] = [];
    second.addEventListener('platform-ready', (event) => events.push(event.detail));
    document.body.append(second);
    await frame();
    expect(second.ready, 'ready at once').to.equal(true);
    expect(second.iframe).to.equal(iframe);
    await settle();
    expect(events).to.deep.equal([info]);
    expect([counter.navigations, counter.sessions]).to.deep.equal([1, 1]);
    expect((await log.waitFor('platform:action:set-color-scheme')).payload, 'the state that differs is sent').to.deep.equal({ scheme: 'dark' });
    log.dispose();
    first.remove();
    second.remove();
  });

  it('an element of another shape is not offered the live embed', async () => {
    counter = new LoadCounter();
    const shapes: string[] = [];
    PlatformEmbedElement[ADD_ON] = { adoptable: (_e, shape) => void shapes.push(shape), shown: () => {}, discard: () => {}, count: () => 0 };
    const one = keepAliveEmbed(counter);
    const two = keepAliveEmbed(counter);
    two.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    document.body.append(one, two);
    await ready(one);
    await ready(two);
    expect(shapes).to.have.length(2);
    expect(shapes[0]).to.not.equal(shapes[1]);
    one.remove();
    two.remove();
  });
});
