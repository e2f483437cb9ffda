// The AI chat box: the standalone chat surface, and the assistant panel of
// the app surface (which reports its queries as `app`).
import { h } from '../dom.js';
import { applyFilters } from '../filters.js';
import { formatNumber } from '../format.js';

const AGENT_ID = 'analyst';
/** Simulated answer time, so `submitted` and `completed` are distinct moments. */
const ANSWER_MS = 250;

/** A canned but data-backed answer; a query mentioning "fail" fails. */
function answer(query, data) {
  const q = query.toLowerCase();
  if (q.includes('fail')) return null;
  if (q.includes('incident')) {
    const rows = applyFilters('incidents', data.incidents);
    return `There were ${formatNumber(rows.length)} incidents; the mean time to resolve was ${formatNumber(rows.reduce((a, r) => a + r.minutes, 0) / (rows.length || 1))} minutes.`;
  }
  if (q.includes('signup') || q.includes('sign-up') || q.includes('campaign')) {
    const rows = applyFilters('campaigns', data.campaigns);
    return `Campaigns brought ${formatNumber(rows.reduce((a, r) => a + r.signups, 0))} sign-ups.`;
  }
  const rows = applyFilters('orders', data.orders);
  return `Revenue across ${formatNumber(rows.length)} orders was ${formatNumber(rows.reduce((a, r) => a + r.amount, 0), 'currency')}.`;
}

const newChatId = () => `chat_${Math.random().toString(36).slice(2, 10)}`;
const greeting = () => h('li', { class: 'msg msg-agent' }, 'Ask a question about your data, for example "What was revenue last week?"');

/**
 * Creates a chat box.
 * @param {object} ctx shell services: `data`, `emit`, `errorButton`
 * @param {{ compact?: boolean, input?: boolean }} [options] compact: a side panel; input: false leaves out the
 *   message input (a read-only transcript)
 */
export function createChat(ctx, { compact = false, input: withInput = true } = {}) {
  let chatId = newChatId();
  const transcript = h('ol', { class: 'transcript', testid: 'chat-transcript', 'aria-live': 'polite' }, greeting());
  const input = h('input', { type: 'text', name: 'query', testid: 'chat-input', autocomplete: 'off', placeholder: 'Ask about revenue, incidents or sign-ups…', 'aria-label': 'Question' });
  const submit = h('button', { type: 'submit', class: 'button primary', testid: 'chat-submit' }, 'Ask');

  const form = h('form', {
    class: 'chat-form',
    onsubmit: (event) => {
      event.preventDefault();
      const query = input.value.trim();
      if (!query) return;
      input.value = '';
      transcript.append(h('li', { class: 'msg msg-user' }, query));
      const pending = h('li', { class: 'msg msg-agent pending', testid: 'chat-pending' }, 'Thinking…');
      transcript.append(pending);
      ctx.emit('ai-query', { query, status: 'submitted', chatId, agentId: AGENT_ID });
      setTimeout(() => {
        const text = answer(query, ctx.data());
        pending.classList.remove('pending');
        pending.removeAttribute('data-testid');
        if (text === null) {
          pending.classList.add('msg-error');
          pending.setAttribute('data-testid', 'chat-error');
          pending.textContent = 'The query could not be answered: the warehouse returned an error.';
          ctx.emit('ai-query', { query, status: 'error', chatId, agentId: AGENT_ID });
        } else {
          pending.setAttribute('data-testid', 'chat-answer');
          pending.textContent = text;
          ctx.emit('ai-query', { query, status: 'completed', chatId, agentId: AGENT_ID });
        }
      }, ANSWER_MS);
    },
  }, input, submit);

  const element = h('section', { class: compact ? 'chat chat-compact' : 'chat', testid: 'chat', 'aria-label': 'AI assistant' },
    compact ? h('h2', {}, 'Ask the assistant') : null,
    transcript,
    withInput ? form : null,
  );
  /** Starts a new conversation: a new chat id and an empty transcript. */
  const restart = () => {
    chatId = newChatId();
    transcript.replaceChildren(greeting());
  };
  return { element, restart };
}

/**
 * The standalone chat surface, with the platform's switches of its own:
 * `showNewChat`, `showChatHistory` and `showChatInput` (only the literal
 * `false` hides). A session whose settings withhold AI (`allowAi: false`)
 * gets no chat at all.
 * @param {object} ctx shell services: `data`, `emit`, `errorButton`, `toast`, `shown(switch)`, `ai(setting)`
 */
export function createChatView(ctx) {
  const available = ctx.ai('allowAi');
  const chat = available ? createChat(ctx, { input: ctx.shown('showChatInput') }) : null;
  const button = (testid, label, onclick) => h('button', { type: 'button', class: 'button ghost', testid, onclick }, label);
  const element = h('article', { class: 'chat-page', testid: 'chat-page' },
    h('header', { class: 'surface-head' },
      h('div', {}, h('h1', { testid: 'surface-title' }, 'Analytics chat'), h('p', { class: 'muted' }, 'Natural-language questions over your semantic views.')),
      h('div', { class: 'toolbar' },
        chat && ctx.shown('showNewChat') ? button('chat-new', 'New chat', () => chat.restart()) : null,
        chat && ctx.shown('showChatHistory') ? button('chat-history', 'Chat history', () => ctx.toast('Chat history (not in the mock)')) : null,
        ctx.errorButton(),
      ),
    ),
    chat ? chat.element : h('p', { class: 'muted', testid: 'chat-unavailable', role: 'status' }, 'AI features are not available for this session.'),
  );
  return { element, title: 'Analytics chat', rerender() {} };
}
