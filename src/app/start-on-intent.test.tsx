import { useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOnIntent } from './start-on-intent';
import { LAZY_ARRIVAL_TIMEOUT_MS } from '@/testing/waits';

/** A small form whose state only React knows: what it sends is what React holds, not what the field shows. */
function SignUp({ onSend }: { onSend: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend(email);
    setSent(true);
  };
  return (
    <form onSubmit={submit}>
      <label htmlFor="email">Email</label>
      <input id="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="submit">Send</button>
      {sent && <p>Sent</p>}
    </form>
  );
}

/** The prerendered form in the page, and a `start` that hydrates it when called (and says when it was). */
function prerenderedSignUp(onSend: (email: string) => void) {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<SignUp onSend={() => {}} />);
  document.body.append(root);
  const started = vi.fn();
  const start = () =>
    new Promise<void>((resolve) => {
      started();
      hydrateRoot(root, <SignUp onSend={onSend} />);
      // React commits the hydration in a task of its own.
      setTimeout(resolve, 50);
    });
  return { root, start, started };
}

const field = () => document.getElementById('email') as HTMLInputElement;
const button = () => document.querySelector('button') as HTMLButtonElement;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('starting the app on the first interaction', () => {
  it('does not start while nobody touches the page', async () => {
    const { root, start, started } = prerenderedSignUp(() => {});
    startOnIntent(root, start);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).not.toHaveBeenCalled();
  });

  it('starts when a pointer moves, not on the event Chrome sends under a resting cursor', () => {
    const { root, start, started } = prerenderedSignUp(() => {});
    startOnIntent(root, start);
    window.dispatchEvent(new PointerEvent('pointermove', { movementX: 0, movementY: 0 }));
    expect(started, 'a resting cursor').not.toHaveBeenCalled();

    window.dispatchEvent(new PointerEvent('pointermove', { movementX: 0, movementY: 2 }));
    expect(started).toHaveBeenCalledOnce();
  });

  it('starts at once when asked to (the 404 page, a #hash to land on)', () => {
    const { root, start, started } = prerenderedSignUp(() => {});
    startOnIntent(root, start, { now: true });
    expect(started).toHaveBeenCalledOnce();
  });

  it('starts on focus, and text typed before the app was up is what the app sends', async () => {
    const sent = vi.fn();
    const { root, start, started } = prerenderedSignUp(sent);
    startOnIntent(root, start);

    field().focus();
    expect(started).toHaveBeenCalledOnce();
    field().value = 'early@example.com';
    field().dispatchEvent(new Event('input', { bubbles: true }));
    button().click();

    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith('early@example.com'), {
      timeout: LAZY_ARRIVAL_TIMEOUT_MS,
    });
    expect(root.textContent).toContain('Sent');
    expect(field().value).toBe('early@example.com');
  });

  it('holds a click made before the app was up and replays it once it is', async () => {
    const sent = vi.fn();
    const { root, start } = prerenderedSignUp(sent);
    startOnIntent(root, start);

    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    button().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(sent).not.toHaveBeenCalled();

    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith(''), { timeout: LAZY_ARRIVAL_TIMEOUT_MS });
  });

  it('takes over what the page bootstrap held before it arrived: starts at once and replays it', async () => {
    const sent = vi.fn();
    const { root, start, started } = prerenderedSignUp(sent);
    const heldClick = () => button().click();
    startOnIntent(root, start, { held: { replays: [heldClick], interacted: true } });

    expect(started).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith(''), { timeout: LAZY_ARRIVAL_TIMEOUT_MS });
    expect(sent).toHaveBeenCalledOnce();
  });

  it('leaves links to other sites and jumps within the page to the browser', () => {
    const { root, start } = prerenderedSignUp(() => {});
    root.insertAdjacentHTML('beforeend', '<a href="https://example.org/">away</a><a href="#email">jump</a>');
    startOnIntent(root, start);
    for (const link of root.querySelectorAll('a')) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      link.addEventListener('click', (clicked) => clicked.preventDefault(), { once: true });
      link.dispatchEvent(event);
      // Only the listener above prevented it (jsdom would navigate otherwise); the page's own hold did not stop it.
      expect(event.cancelBubble).toBe(false);
    }
  });

  it("shows a held tap's answer at once, replays the tap, then lets React's answer take over", async () => {
    const sent = vi.fn();
    const { root, start } = prerenderedSignUp(sent);
    const steps: string[] = [];
    const answer = vi.fn(() => ({
      wanted: true,
      handOver: () => steps.push(`handed over, sent ${sent.mock.calls.length}`),
    }));
    startOnIntent(root, () => start().then(() => void steps.push('app up')), { answer });

    button().click();
    expect(answer).toHaveBeenCalledWith(button());
    await vi.waitFor(() => expect(steps).toEqual(['app up', 'handed over, sent 1']), {
      timeout: LAZY_ARRIVAL_TIMEOUT_MS,
    });
  });

  it("answers a tap the page bootstrap held at once, not once the app is up, and sends it once (decision 013, session 30)", async () => {
    const sent = vi.fn();
    const { root, start } = prerenderedSignUp(sent);
    const steps: string[] = [];
    const answer = vi.fn(() => {
      steps.push('answered');
      return { wanted: true, handOver: () => steps.push(`handed over, sent ${sent.mock.calls.length}`) };
    });
    const heldClick = () => button().click();
    startOnIntent(root, () => start().then(() => void steps.push('app up')), {
      now: true,
      held: { replays: [heldClick], interacted: true },
      answer,
    });

    expect(answer).toHaveBeenCalledWith(button());
    await vi.waitFor(() => expect(steps).toEqual(['answered', 'app up', 'handed over, sent 1']), {
      timeout: LAZY_ARRIVAL_TIMEOUT_MS,
    });
    expect(sent).toHaveBeenCalledOnce();
  });

  it('does not replay a tap whose answer the visitor undid before the app was up', async () => {
    const sent = vi.fn();
    const { root, start } = prerenderedSignUp(sent);
    const undone = { wanted: true, handOver: vi.fn() };
    let appUp: Promise<void> | undefined;
    startOnIntent(root, () => (appUp = start()), { answer: () => undone });

    button().click();
    undone.wanted = false;
    await appUp;
    // The replays run right after the app is up.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).not.toHaveBeenCalled();
    expect(undone.handOver).not.toHaveBeenCalled();
  });

  it('replays two held taps so that the second sees what the first did, as two real taps would', async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return <button onClick={() => setCount(count + 1)}>{`Pressed ${count}`}</button>;
    }
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Counter />);
    document.body.append(root);
    startOnIntent(
      root,
      () =>
        new Promise<void>((resolve) => {
          hydrateRoot(root, <Counter />);
          setTimeout(resolve, 50);
        }),
    );
    button().click();
    button().click();
    await vi.waitFor(() => expect(button().textContent).toBe('Pressed 2'), { timeout: LAZY_ARRIVAL_TIMEOUT_MS });
  });
});
