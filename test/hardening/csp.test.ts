/**
 * Both elements under a strict page policy:
 *
 *   default-src 'self'; script-src 'self'; style-src 'self';
 *   frame-src <tenant origin>; connect-src 'self' <mock API origin>;
 *   require-trusted-types-for 'script'
 *
 * `connect-src` names the mock API because it runs on another port, which
 * `default-src 'self'` would refuse (a real host lists its tenant origin
 * there too). The test runner's own page has inline scripts, so the policy
 * page (pages/csp.html) runs in a same-origin iframe and reports back with
 * postMessage. Proves: the embed loads, gets ready and receives an action;
 * the admin panel loads, saves, issues and reveals a token; and no
 * `securitypolicyviolation` fires (no inline style attributes, no string
 * HTML sinks outside Lit's trusted-types policy).
 */
import { expect } from '@open-wc/testing';
import { mockPlatform, resetMock } from '../admin/helpers.js';

interface CspResult {
  csp: 'result';
  steps: string[];
  violations: string[];
  error: string | null;
  adopted: boolean;
  trustedTypes: boolean;
}

function fromFrame<T>(frame: HTMLIFrameElement, kind: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (e: MessageEvent) => {
      if (e.source !== frame.contentWindow || (e.data as { csp?: string })?.csp !== kind) return;
      window.removeEventListener('message', on);
      resolve(e.data as T);
    };
    window.addEventListener('message', on);
  });
}

describe('hardening: strict Content-Security-Policy page', () => {
  beforeEach(resetMock);
  afterEach(resetMock);

  it('serves the policy page with the strict policy header', async () => {
    const { mockUrl } = await mockPlatform();
    const res = await fetch(`/test/hardening/pages/csp.html?api=${encodeURIComponent(mockUrl)}`);
    const policy = res.headers.get('Content-Security-Policy') ?? '';
    expect(policy).to.include("default-src 'self'");
    expect(policy).to.include("script-src 'self'");
    expect(policy).to.include("style-src 'self'");
    expect(policy).to.include(`frame-src http://127.0.0.1:${location.port}`);
    expect(policy).to.include(`connect-src 'self' ${new URL(mockUrl).origin}`);
    expect(policy).to.include("require-trusted-types-for 'script'");
    expect(policy).to.not.include('unsafe');
  });

  it('runs both elements fully with no policy violation', async function () {
    this.timeout(30_000);
    const { mockUrl, adminKey } = await mockPlatform();
    const frame = document.createElement('iframe');
    frame.title = 'strict policy page';
    frame.style.width = '900px';
    frame.style.height = '700px';
    const loaded = fromFrame(frame, 'loaded');
    const result = fromFrame<CspResult>(frame, 'result');
    frame.src = `/test/hardening/pages/csp.html?api=${encodeURIComponent(mockUrl)}`;
    document.body.append(frame);
    try {
      await loaded;
      frame.contentWindow!.postMessage({ csp: 'start', key: adminKey }, location.origin);
      const r = await result;
      expect(r.error).to.equal(null);
      expect(r.steps).to.deep.equal([
        'embed ready',
        'embed action delivered',
        'admin settings loaded',
        'admin settings saved',
        'admin token issued and revealed',
      ]);
      expect(r.violations).to.deep.equal([]);
      // Lit's styles went through constructable style sheets, which style-src 'self' allows.
      expect(r.adopted).to.equal(true);
    } finally {
      frame.remove();
    }
  });

  it('the policy is enforced: an inline style attribute on the policy page is reported', async function () {
    // Control for the test above: the listener and the policy really catch violations.
    this.timeout(30_000);
    const { mockUrl } = await mockPlatform();
    const frame = document.createElement('iframe');
    frame.title = 'strict policy page (control)';
    const loaded = fromFrame(frame, 'loaded');
    frame.src = `/test/hardening/pages/csp.html?api=${encodeURIComponent(mockUrl)}`;
    document.body.append(frame);
    try {
      await loaded;
      const doc = frame.contentDocument!;
      const violation = new Promise<string>((resolve) =>
        doc.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true }),
      );
      const div = doc.createElement('div');
      div.setAttribute('style', 'color: red');
      doc.body.append(div);
      expect(await violation).to.match(/^style-src/);
      // Trusted Types (where the browser has them): a string HTML sink throws.
      if ('trustedTypes' in frame.contentWindow!) {
        let thrown: unknown;
        try {
          doc.createElement('div').innerHTML = '<b>x</b>';
        } catch (error) {
          thrown = error;
        }
        expect((thrown as Error | undefined)?.name).to.equal('TypeError');
      }
    } finally {
      frame.remove();
    }
  });
});
