import { describe, expect, it } from 'vitest';

import { serializeDataIsland } from './data-island';

describe('serializeDataIsland', () => {
  it('cannot close its script element or open a comment, and reads back the same', () => {
    const data = {
      resources: { feedback: [{ content: '</script><script>alert(1)</script><!-- & \u2028' }] },
    };
    const text = serializeDataIsland(data);
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
