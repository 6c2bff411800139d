import { render } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LiveCarMap } from './live-car-map';

describe('LiveCarMap', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the next stop’s name as text, never as markup a traveller typed into it', () => {
    const tooltips: unknown[] = [];
    vi.spyOn(L.Marker.prototype, 'bindTooltip').mockImplementation(function (this: L.Marker, content) {
      tooltips.push(content);
      return this;
    });
    vi.spyOn(L.Marker.prototype, 'setTooltipContent').mockImplementation(function (this: L.Marker, content) {
      tooltips.push(content);
      return this;
    });
    const name = '<img src=x onerror=alert(9)>';
    const { rerender } = render(<LiveCarMap car={{ lat: 30.04, lng: 31.23 }} next={{ lat: 30.05, lng: 31.24, name }} label="Trip map" carLabel="Car" />);
    rerender(<LiveCarMap car={{ lat: 30.041, lng: 31.231 }} next={{ lat: 30.05, lng: 31.24, name: `${name} & co` }} label="Trip map" carLabel="Car" />);
    expect(tooltips).toEqual(['&lt;img src=x onerror=alert(9)&gt;', '&lt;img src=x onerror=alert(9)&gt; &amp; co']);
  });
});
