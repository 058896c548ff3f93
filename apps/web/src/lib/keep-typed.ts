import { bootScript } from '@/lib/use-mark-hydrated';

/** The fields the boot script hands over (decision 021), and the controls whose clicks it holds. */
const FIELDS = 'input:not([type=file]),textarea';
const CONTROLS = 'button,label,[role=button],input[type=checkbox],input[type=radio],input[type=submit]';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** A screen that has not shown the fields by then never will (another screen, a failed load): stop looking. */
const GIVE_UP_MS = 30_000;

/**
 * What names an element alike in the pre-rendered page and in the app's screen, whose ids differ: its tag,
 * type and name, and its label's text (a field's), its `aria-label` or its own text.
 */
function nameOf(element: Element): string {
  const label =
    element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
      ? element.labels?.[0]
      : undefined;
  const text = element.getAttribute('aria-label') ?? (label ?? element).textContent;
  return [element.tagName, element.getAttribute('type'), element.getAttribute('name'), text.trim()].join('|');
}

/** The elements by key: their name, then how many before them in the page had the same. */
function keyed<E extends Element>(elements: Iterable<E>): Map<string, E> {
  const seen = new Map<string, number>();
  const byKey = new Map<string, E>();
  for (const element of elements) {
    const name = nameOf(element);
    const before = seen.get(name) ?? 0;
    seen.set(name, before + 1);
    byKey.set(`${name}|${before}`, element);
  }
  return byKey;
}

const keyOf = <E extends Element>(byKey: Map<string, E>, element: E) =>
  [...byKey].find(([, candidate]) => candidate === element)?.[0];

/**
 * A browser holding a session starts the single-page app over a pre-rendered page instead of hydrating it
 * (018), which would drop what was typed, chosen or autofilled in its fields and the clicks the boot script
 * held (a Send pressed early). Called just before the app replaces the page in `root`: it notes each field
 * changed since the server wrote it and each held click, by key (`nameOf`), then waits for the app's
 * screen of the same address to show those fields, writes the text into them and lets the boot script
 * hand them over and give the clicks again (`replay()`, as on a hydrated page): a Send pressed early sends
 * what was typed, once. Fields the person left alone keep what the screen shows (a profile's prefill).
 */
export function keepTyped(root: HTMLElement): void {
  const boot = bootScript();
  if (!boot) return;
  const fields = [...keyed(root.querySelectorAll<Field>(FIELDS))].flatMap(([key, field]) =>
    field.value === field.defaultValue ? [] : [[key, field.value] as const],
  );
  const controls = keyed(root.querySelectorAll(CONTROLS));
  const clicks = (boot.held ?? []).flatMap((element) => keyOf(controls, element) ?? []);
  if (fields.length === 0 && clicks.length === 0) return;
  const path = window.location.pathname;

  const observer = new MutationObserver(() => {
    if (window.location.pathname !== path) {
      observer.disconnect();
      return;
    }
    const fieldsNow = keyed(root.querySelectorAll<Field>(FIELDS));
    const controlsNow = keyed(root.querySelectorAll(CONTROLS));
    const ready =
      fields.length > 0
        ? fields.every(([key]) => fieldsNow.has(key))
        : clicks.every((key) => controlsNow.has(key));
    if (!ready) return;
    observer.disconnect();
    for (const [key, text] of fields) {
      const field = fieldsNow.get(key);
      // Past React's tracker (the prototype's setter): `replay()` hands the text over as a change.
      if (field)
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
    }
    boot.held?.push(...clicks.flatMap((key) => controlsNow.get(key) ?? []));
    // Clicks given again must reach the screen, not be held again.
    document.documentElement.dataset.hydrated = 'true';
    boot.replay?.();
  });
  observer.observe(root, { childList: true, subtree: true });
  window.setTimeout(() => {
    observer.disconnect();
  }, GIVE_UP_MS);
}
