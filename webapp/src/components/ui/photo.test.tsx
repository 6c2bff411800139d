import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Photo } from './photo';

describe('Photo', () => {
  it('loads a list photo lazily, after layout', () => {
    render(<Photo src="/art/giza.svg" alt="Giza" />);
    const img = screen.getByRole('img', { name: 'Giza' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBe('auto');
  });

  it('fetches a page’s main photo at once and first', () => {
    render(<Photo priority src="/art/giza.svg" alt="Giza" />);
    const img = screen.getByRole('img', { name: 'Giza' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('paints a placeholder when there is no photo', () => {
    render(<Photo src={null} alt="Saqqara" />);
    expect(screen.getByRole('img', { name: 'Saqqara' }).tagName).toBe('DIV');
  });
});
