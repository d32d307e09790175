import { describe, expect, it } from 'vitest';
import { enumKey } from '@/lib/enum-key';
import { imageProblem } from './image-rules';
import { phaseName } from './tab-display';

describe('power-quality tab helpers', () => {
  it('accept only JPEG, PNG or WebP images up to 5 MiB before uploading', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(imageProblem({ type: '', size: 10 })).toBe('type');
  });

  it('name phases and key enumerated values for translation', () => {
    expect(phaseName(2)).toBe('L2');
    expect(phaseName(null)).toBe('–');
    expect(enumKey('Natural Ester')).toBe('Natural_Ester');
    expect(enumKey('CT-PT')).toBe('CT_PT');
  });
});
