import { describe, expect, it } from 'vitest';

import { checkImageFile } from './image-file';

describe('checkImageFile', () => {
  it('accepts JPEG and PNG pictures only', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toBe('services.errors.imageType');
    expect(checkImageFile({ type: 'image/png', size: 50 * 1024 * 1024 })).toBe(
      'services.errors.imageTooLarge',
    );
  });
});
