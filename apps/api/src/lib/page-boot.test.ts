import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAGE_BOOT_SCRIPT, pageBootElement } from './page-boot.ts';

/**
 * The boot script of a pre-rendered page (decision 021), run against a fake page: it must start no script
 * and no fetch before the page has loaded and painted, then load the entry first, the catalogue, and the
 * entry's modules, one per task.
 */
type FakeClick = {
  target: { closest: (selector: string) => unknown };
  preventDefault: () => void;
  stopPropagation: () => void;
};

/**
 * An element of the fake page: a control (button, label, box) or not; counts the clicks given again.
 * `control`: a label's field, by its type.
 */
function element(isControl: boolean, control?: string) {
  const self = {
    isConnected: true,
    replayed: 0,
    control: control === undefined ? undefined : { type: control },
    closest: (selector: string) => (isControl && selector.includes('button') ? self : null),
    click: () => {
      self.replayed += 1;
    },
  };
  return self;
}

/**
 * A text field of the fake page as React tracks it once hydrated: an own `value` property that notes what
 * is set through it (`tracked`), over the prototype's, which does not. Records the events it is sent.
 */
class FakeField {
  shown: string;
  tracked: string;
  readonly defaultValue: string;
  events: { type: string; trackedThen: string; shown: string }[] = [];
  constructor(shown: string, defaultValue: string) {
    this.defaultValue = defaultValue;
    this.shown = shown;
    this.tracked = shown;
    Object.defineProperty(this, 'value', {
      get: () => this.shown,
      set: (text: string) => {
        this.tracked = text;
        this.shown = text;
      },
    });
  }
  get value() {
    return this.shown;
  }
  set value(text: string) {
    this.shown = text;
  }
  /** What the page does on a change: none; or rendering the form at once (the single-page app). */
  onChange: () => void = () => undefined;
  dispatchEvent(event: { type: string }) {
    this.events.push({ type: event.type, trackedThen: this.tracked, shown: this.shown });
    this.onChange();
  }
}
const field = (shown: string, defaultValue = '') => new FakeField(shown, defaultValue);

function fakePage({ paintTiming = true, fields = [] }: { paintTiming?: boolean; fields?: FakeField[] } = {}) {
  const started: string[] = [];
  const listeners: { type: string; listener: () => void }[] = [];
  const tasks: (() => void)[] = [];
  const frames: (() => void)[] = [];
  let observer: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
  let onClick: ((event: FakeClick) => void) | undefined;
  let onInput: (() => void) | undefined;
  const attributes = new Set<string>();
  const document = {
    readyState: 'interactive',
    documentElement: { hasAttribute: (name: string) => attributes.has(name) },
    addEventListener: (type: string, listener: (event: FakeClick) => void, capture: boolean) => {
      if (type === 'click' && capture) onClick = listener;
      if (type === 'input' && capture) onInput = listener as () => void;
    },
    currentScript: {
      dataset: {
        modules: '/assets/public-1.js /assets/shell-2.js /assets/page-3.js',
        fetch: '/locales/fr/t.json',
      },
    },
    querySelectorAll: (selector: string) => {
      expect(selector).toBe('input:not([type=file]),textarea');
      return fields;
    },
    createElement: () => ({}) as Record<string, string>,
    head: {
      appendChild: (link: Record<string, string>) => {
        started.push(
          `${link.rel ?? ''}${link.as ? ` as ${link.as}` : ''} ${link.href ?? ''} ${link.crossOrigin ?? '?'}`,
        );
      },
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['resource'];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {
      // The paint entries are handed over by `paint()`.
    }
    disconnect() {
      observer = undefined;
    }
  }
  const window = {
    PerformanceObserver,
    addEventListener: (type: string, listener: () => void) => listeners.push({ type, listener }),
    requestAnimationFrame: (frame: () => void) => frames.push(frame),
  };
  const context = vm.createContext({
    document,
    window,
    Event: class {
      type: string;
      bubbles: boolean;
      constructor(type: string, init: { bubbles: boolean }) {
        this.type = type;
        this.bubbles = init.bubbles;
      }
    },
    setTimeout: (task: () => void) => tasks.push(task),
    importModule: (specifier: string) => {
      started.push(`import ${specifier}`);
      return Promise.resolve({});
    },
  });
  // The script's one `import()` calls a function of the test instead (vm's own hook needs a Node flag).
  expect(PAGE_BOOT_SCRIPT.split('import(').length).toBe(2);
  vm.runInContext(PAGE_BOOT_SCRIPT.replace('import(', 'importModule('), context);
  return {
    started,
    /** A click as the browser hands it to the capture listener: whether the page's default was stopped. */
    click: (target: ReturnType<typeof element>) => {
      let stopped = false;
      onClick?.({
        target,
        preventDefault: () => {
          stopped = true;
        },
        stopPropagation: () => undefined,
      });
      return stopped;
    },
    /** A key typed in a field. */
    type: () => {
      onInput?.();
    },
    /** The clicks held, as the single-page app reads them before it replaces the page. */
    held: () => (document.currentScript as unknown as { held: ReturnType<typeof element>[] }).held,
    hydrate: () => {
      attributes.add('data-hydrated');
      (document.currentScript as unknown as { replay: () => void }).replay();
    },
    load: () => {
      document.readyState = 'complete';
      for (const { type, listener } of listeners) if (type === 'load') listener();
    },
    paint: (name = 'first-contentful-paint') => {
      observer?.({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) });
    },
    frame: () => {
      for (const frame of frames.splice(0)) frame();
    },
    /** Runs the next queued task (false: none was queued). */
    runTask: async () => {
      const task = tasks.shift();
      task?.();
      await new Promise((resolve) => setImmediate(resolve));
      return task !== undefined;
    },
    /** Runs the queued tasks one at a time, each one's own queued tasks after it, as a browser would. */
    runTasks: async () => {
      while (tasks.length > 0) {
        tasks.shift()?.();
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

const EXPECTED = [
  'import /assets/public-1.js',
  'preload as fetch /locales/fr/t.json ',
  'modulepreload /assets/shell-2.js ',
  'modulepreload /assets/page-3.js ',
];

describe('the boot script of a pre-rendered page', () => {
  it('starts nothing until the page has loaded and painted, then the entry, the catalogue, its modules', async () => {
    const page = fakePage();
    page.paint('first-paint');
    page.load();
    await page.runTasks();
    expect(page.started).toEqual([]);
    page.paint();
    expect(page.started).toEqual([]);
    await page.runTasks();
    expect(page.started).toEqual(EXPECTED);
  });

  it('waits for the load when the paint comes first', async () => {
    const page = fakePage();
    page.paint();
    await page.runTasks();
    expect(page.started).toEqual([]);
    page.load();
    await page.runTasks();
    expect(page.started).toEqual(EXPECTED);
  });

  it('starts one thing per task, so no task of its own is long', async () => {
    const page = fakePage();
    page.load();
    page.paint();
    const counts: number[] = [];
    while (await page.runTask()) counts.push(page.started.length);
    expect(counts).toEqual([1, 2, 3, 4, 4]);
  });

  it('without paint timing, starts a frame after the load', async () => {
    const page = fakePage({ paintTiming: false });
    page.load();
    await page.runTasks();
    expect(page.started).toEqual([]);
    page.frame();
    await page.runTasks();
    expect(page.started).toEqual(EXPECTED);
  });

  it('holds a click on a control before hydration, starts the script at once, and gives it again', async () => {
    const page = fakePage();
    const button = element(true);
    const removed = element(true);
    const text = element(false);
    expect(page.click(text)).toBe(false);
    expect(page.click(button)).toBe(true);
    expect(page.click(button)).toBe(true);
    expect(page.click(removed)).toBe(true);
    // Neither loaded nor painted, yet the script starts: someone is waiting for it.
    await page.runTasks();
    expect(page.started).toEqual(EXPECTED);
    removed.isConnected = false;
    page.hydrate();
    // In a task of their own, once what was typed has been handed over.
    expect([button.replayed, removed.replayed]).toEqual([0, 0]);
    await page.runTasks();
    expect([button.replayed, removed.replayed]).toEqual([1, 0]);
    // Hydrated: clicks go through to the page, nothing is held or started again.
    expect(page.click(button)).toBe(false);
    page.load();
    page.paint();
    await page.runTasks();
    expect(page.started).toEqual(EXPECTED);
  });

  it('lets a click on a text field’s label through (the field gets the cursor), holds one on a box’s', async () => {
    const page = fakePage();
    expect(page.click(element(true, 'text'))).toBe(false);
    expect(page.click(element(true, 'textarea'))).toBe(false);
    expect(page.click(element(true, 'email'))).toBe(false);
    await page.runTasks();
    expect(page.started).toEqual([]);
    const box = element(true, 'checkbox');
    const choice = element(true, 'radio');
    expect(page.click(box)).toBe(true);
    expect(page.click(choice)).toBe(true);
    await page.runTasks();
    page.hydrate();
    await page.runTasks();
    expect([box.replayed, choice.replayed]).toEqual([1, 1]);
  });

  it('starts the script at once when someone types, before the load and the paint', async () => {
    const page = fakePage();
    page.type();
    page.type();
    await page.runTasks();
    expect(page.started).toEqual(EXPECTED);
    page.load();
    page.paint();
    await page.runTasks();
    expect(page.started).toEqual(EXPECTED);
  });

  it('hands the hydrated page each field typed before as a change, before the held clicks', async () => {
    const typed = field('Léa Martin');
    const autofilled = field('lea@example.com');
    const untouched = field('');
    const asWritten = field('Toronto', 'Toronto');
    const emptied = field('', 'window');
    const page = fakePage({ fields: [typed, autofilled, untouched, asWritten, emptied] });
    const send = element(true);
    page.type();
    expect(page.click(send)).toBe(true);
    await page.runTasks();
    page.hydrate();
    // React's tracker notes the value the server wrote, the field shows what was typed, an input event.
    for (const [changed, text] of [
      [typed, 'Léa Martin'],
      [autofilled, 'lea@example.com'],
      [emptied, ''],
    ] as const) {
      expect(changed.events).toEqual([{ type: 'input', trackedThen: changed.defaultValue, shown: text }]);
    }
    expect([untouched.events, asWritten.events]).toEqual([[], []]);
    expect(send.replayed).toBe(0);
    await page.runTasks();
    expect(send.replayed).toBe(1);
  });

  it('hands over every field even when a change renders the form at once, writing its state into the rest', async () => {
    // The single-page app wrote what was kept into its fields; a change it is handed renders the form
    // outside React's effects, which writes the form's state (empty) back into the fields not handed yet.
    const name = field('Maëlle Roy');
    const email = field('maelle@example.com');
    const message = field('Two windows');
    const fields = [name, email, message];
    for (const changed of fields) {
      changed.onChange = () => {
        for (const other of fields) if (other.events.length === 0) other.shown = other.defaultValue;
      };
    }
    const page = fakePage({ fields });
    page.hydrate();
    expect(fields.map((changed) => changed.events)).toEqual(
      ['Maëlle Roy', 'maelle@example.com', 'Two windows'].map((shown) => [
        { type: 'input', trackedThen: '', shown },
      ]),
    );
    await page.runTasks();
  });

  it('shows the clicks it holds, and gives again those the app put in their place', async () => {
    const page = fakePage();
    const send = element(true);
    const choice = element(true);
    page.click(send);
    page.click(send);
    page.click(choice);
    // Each control once, in order: what the single-page app notes before it replaces the page.
    expect(page.held()).toEqual([send, choice]);
    await page.runTasks();
    // The app's own Send, in place of the page's (gone), is what `replay()` gives again, once.
    const appSend = element(true);
    send.isConnected = false;
    choice.isConnected = false;
    page.held().splice(0, 2, appSend);
    page.hydrate();
    await page.runTasks();
    expect([send.replayed, choice.replayed, appSend.replayed]).toEqual([0, 0, 1]);
    expect(page.held()).toEqual([]);
  });

  it('is written with its data as attributes, escaped', () => {
    expect(pageBootElement(['/assets/a.js', '/assets/b"c.js'], '/locales/en/translation.json')).toBe(
      `<script id="eclat-boot" data-modules="/assets/a.js /assets/b&quot;c.js" data-fetch="/locales/en/translation.json">${PAGE_BOOT_SCRIPT}</script>`,
    );
  });
});
