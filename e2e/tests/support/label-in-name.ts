import type { Page } from '@playwright/test';

/**
 * WCAG 2.5.3 (label in name): every control's accessible name contains the words it shows, so a
 * voice-control user who says what they see ("click Cancel Appointment") reaches it.
 *
 * The visible words are read in the page (text that is rendered and not visually hidden, aria-hidden
 * or not; for a field, its visible <label>); the accessible name is the one Chromium computes, read from its
 * accessibility tree through the DevTools protocol. Both are compared as words (case, accents'
 * composition, punctuation and spacing ignored).
 */

/** Everything a person can operate. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  ...[
    'button',
    'link',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'tab',
    'checkbox',
    'radio',
    'switch',
    'option',
    'combobox',
    'textbox',
    'searchbox',
    'slider',
    'spinbutton',
  ].map((role) => `[role="${role}"]`),
].join(', ');

const MARK = 'data-label-in-name';

type Shown = { index: number; text: string; describe: string };

/** Marks each visible control with an index and returns the words it shows (none: skipped). */
function markVisibleControls(args: { selector: string; mark: string }): Shown[] {
  const isVisuallyHidden = (element: Element, style: CSSStyleDeclaration) =>
    style.getPropertyValue('clip') === 'rect(0px, 0px, 0px, 0px)' ||
    style.clipPath === 'inset(50%)' ||
    (element instanceof HTMLElement &&
      element.offsetWidth <= 1 &&
      element.offsetHeight <= 1 &&
      style.overflow === 'hidden');

  /** The text a sighted person reads inside `root` (field values, images and icons left out). */
  const shownText = (root: Element): string => {
    let text = '';
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        text += node.textContent ?? '';
        return;
      }
      // Text hidden from assistive technology still counts: it is what a sighted person says.
      if (!(node instanceof Element)) return;
      if (['INPUT', 'SELECT', 'TEXTAREA', 'svg', 'IMG', 'SCRIPT', 'STYLE'].includes(node.tagName)) return;
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || isVisuallyHidden(node, style)) return;
      const isBlock = !style.display.startsWith('inline') && style.display !== 'contents';
      if (isBlock) text += ' ';
      for (const child of node.childNodes) walk(child);
      if (isBlock) text += ' ';
    };
    walk(root);
    return text.replace(/\s+/g, ' ').trim();
  };

  const isField = (element: Element) =>
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement;

  const shown: Shown[] = [];
  for (const element of document.querySelectorAll(args.selector)) {
    element.removeAttribute(args.mark);
    if (element.closest('[aria-hidden="true"], [inert]')) continue;
    let text = '';
    // A control with a <label> (a field, or a date picker's button) is labelled by it: what it shows
    // inside is its value or a placeholder, not its label.
    const labels =
      'labels' in element && element.labels instanceof NodeList
        ? [...(element.labels as NodeListOf<HTMLLabelElement>)]
        : [];
    if (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type)) {
      text = element.value;
    } else if (isField(element) || labels.length > 0) {
      text = labels
        .filter((label) => label.checkVisibility())
        .map(shownText)
        .join(' ');
    } else {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      text = shownText(element);
    }
    if (!text) continue;
    const index = shown.length;
    element.setAttribute(args.mark, String(index));
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    shown.push({ index, text, describe: role });
  }
  return shown;
}

/** Words only: lower case, letters and digits, single spaces. */
export function toWords(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when the words of `shown` appear, in order and together, in `name`. */
export function isLabelInName(shown: string, name: string): boolean {
  const words = toWords(shown);
  return words === '' || ` ${toWords(name)} `.includes(` ${words} `);
}

type DomNode = {
  backendNodeId: number;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
};
type AxNode = {
  backendDOMNodeId?: number;
  ignored: boolean;
  name?: { value?: unknown };
  role?: { value?: unknown };
};

/**
 * The controls of the current page whose accessible name does not contain their visible words, as
 * readable lines ("button "Cancel Appointment" is named "Cancel the appointment of …"").
 */
export async function labelInNameMismatches(page: Page): Promise<string[]> {
  // The words are read in the page, the names from Chromium's tree a moment later: a list that refreshes in
  // between (the appointments refresh every 30 s, and other tests add some) would compare one render's words
  // with the next one's names ("button showing 66 is named Page 68"). So the words are read again after
  // the tree, and both are read afresh when they changed.
  for (let reading = 1; ; reading += 1) {
    const shown = await page.evaluate(markVisibleControls, { selector: CONTROLS, mark: MARK });
    const mismatches = await namesOf(page, shown);
    const again = await page.evaluate(markVisibleControls, { selector: CONTROLS, mark: MARK });
    await page.evaluate((mark) => {
      for (const element of document.querySelectorAll(`[${mark}]`)) element.removeAttribute(mark);
    }, MARK);
    if (JSON.stringify(again) === JSON.stringify(shown)) return mismatches;
    if (reading === 5) throw new Error('The page kept changing while its controls were read.');
  }
}

async function namesOf(page: Page, shown: Shown[]): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('Accessibility.enable');
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const indexOfNode = new Map<number, number>();
    const visit = (node: DomNode) => {
      const attributes = node.attributes ?? [];
      const at = attributes.indexOf(MARK);
      if (at !== -1 && at % 2 === 0) indexOfNode.set(node.backendNodeId, Number(attributes[at + 1]));
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) visit(child);
    };
    visit(root);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const nameOf = new Map<number, { name: string; role: string }>();
    for (const node of nodes) {
      const index = node.backendDOMNodeId === undefined ? undefined : indexOfNode.get(node.backendDOMNodeId);
      if (index === undefined || node.ignored) continue;
      nameOf.set(index, {
        name: typeof node.name?.value === 'string' ? node.name.value : '',
        role: typeof node.role?.value === 'string' ? node.role.value : '',
      });
    }
    const mismatches: string[] = [];
    for (const control of shown) {
      const computed = nameOf.get(control.index);
      // Not exposed (hidden from assistive technology): nothing a voice user can reach.
      if (!computed) continue;
      if (!isLabelInName(control.text, computed.name)) {
        mismatches.push(
          `${computed.role || control.describe} showing "${control.text}" is named "${computed.name}"`,
        );
      }
    }
    return mismatches;
  } finally {
    await cdp.detach();
  }
}
