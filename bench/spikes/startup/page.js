// Ways to start an iframe's navigation to a cross-origin URL, timed from the
// insertion to the embed document's own performance.timeOrigin.
const tenant = `http://127.0.0.1:${location.port}`;
const stage = document.getElementById('stage');
let n = 0;

function frameWith(policy) {
  const frame = document.createElement('iframe');
  frame.title = 'embed';
  frame.setAttribute('allow', `fullscreen ${tenant}`);
  if (policy) frame.setAttribute('referrerpolicy', policy);
  return frame;
}
function link(doc, url, target, policy) {
  const a = doc.createElement('a');
  a.href = url;
  a.target = target;
  if (policy) a.referrerPolicy = policy;
  a.click();
}

/** A named frame with `attrs` (src, srcdoc), navigated by a link targeting its name; `after` runs after the click. */
function namedWay(attrs = {}, after = () => {}) {
  return (url, policy) => {
    const frame = Object.assign(frameWith(policy), { name: `spike-${n}` }, attrs);
    return [frame, () => {
      link(document, url, frame.name, policy);
      after(frame);
    }];
  };
}

const ways = {
  // The baseline: the URL in `src`.
  src(url, policy) {
    const frame = frameWith(policy);
    frame.src = url;
    return [frame, () => {}];
  },
  // The element's method: no `src`, then a link targeting the frame's name.
  named: namedWay(),
  // The initial about:blank document navigated through its Location.
  replace(url, policy) {
    const frame = frameWith(policy);
    return [frame, () => frame.contentWindow.location.replace(url)];
  },
  // A link inside the frame's own about:blank document, with the policy on it.
  inner(url, policy) {
    const frame = frameWith(policy);
    return [frame, () => link(frame.contentDocument, url, '_self', policy)];
  },
  // An empty srcdoc (no synchronous about:blank commit), then the named link.
  'srcdoc-named': namedWay({ srcdoc: '' }),
  'srcdoc-replace'(url, policy) {
    const frame = frameWith(policy);
    frame.srcdoc = '';
    return [frame, () => frame.contentWindow.location.replace(url)];
  },
  // No attributes at all but the name: what the synchronous about:blank commit costs by itself.
  bare(url) {
    const frame = document.createElement('iframe');
    frame.name = `spike-${n}`;
    return [frame, () => link(document, url, frame.name, '')];
  },
  // src="about:blank#" or "about:blank?": does Chromium commit a blank document for them too?
  'blank-hash': namedWay({ src: 'about:blank#' }),
  'blank-query': namedWay({ src: 'about:blank?' }),
  // `about:blank#`, the named link, then the `src` attribute removed again.
  'blank-hash-removed': namedWay({ src: 'about:blank#' }, (frame) => frame.removeAttribute('src')),
  // window.open into the frame by name (no per-call policy but noreferrer).
  open(url, policy) {
    const frame = frameWith(policy);
    frame.name = `spike-${n}`;
    return [frame, () => open(url, frame.name)];
  },
};


function nextStart() {
  return new Promise((resolve) => {
    addEventListener('message', function on(e) {
      if (e.data?.spike !== 'start') return;
      removeEventListener('message', on);
      resolve(e.data);
    });
  });
}

window.round = async (way, policy) => {
  n += 1;
  const url = `${tenant}/embed/dashboard/spike-${n}?way=${way}&policy=${policy || 'none'}`;
  const [frame, navigate] = ways[way](url, policy);
  const started = nextStart();
  const historyBefore = history.length;
  // Every load event from the insertion on: the document it was for (a readable one is about:*).
  const loadsSeen = [];
  let arrived = false;
  frame.addEventListener('load', () => loadsSeen.push(`${arrived ? 'after' : 'before'}:${frame.contentDocument ? frame.contentDocument.URL : 'cross-origin'}`));
  const t0 = performance.now();
  stage.append(frame);
  const t1 = performance.now();
  navigate();
  const t2 = performance.now();
  const got = await Promise.race([started, new Promise((r) => setTimeout(() => r(null), 10_000))]);
  arrived = true;
  await new Promise((r) => setTimeout(r, 60));
  // The embed's document must be the one left in the frame (not a late about:srcdoc).
  const final = frame.contentDocument ? frame.contentDocument.URL : 'cross-origin';
  const historyGrew = history.length - historyBefore;
  frame.remove();
  if (!got) return { way, policy, lost: true, loads: loadsSeen.join(' '), final, requested: await (await fetch('/requested?url=' + encodeURIComponent(new URL(url).pathname + new URL(url).search))).text() };
  return {
    way,
    policy,
    insertMs: t1 - t0,
    navigateMs: t2 - t1,
    documentStartMs: got.timeOrigin - (performance.timeOrigin + t0),
    sameUrl: got.href === url,
    referrer: got.referrer,
    fullscreen: got.fullscreen,
    loads: loadsSeen.join(' '),
    final,
    historyGrew,
  };
};
window.ready = true;
