import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// `findBy…` and `waitFor` wait up to 5 s (1 s by default): the first render of a file loads Mantine, and the
// machine's cores are shared.
configure({ asyncUtilTimeout: 5000 });

// happy-dom has no `document.fonts` (Mantine's autosized Textarea listens to it for loaded fonts): a font
// set that never loads anything, as in a page whose fonts are already there.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

// Each test starts from an empty page, its own network answers and an empty tab storage.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});
