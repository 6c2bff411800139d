import './zod-config';

import { config } from 'zod/v4/core';

describe('zod-config', () => {
  it('turns off the parser compiled with new Function, which the CSP forbids', () => {
    expect(config().jitless).toBe(true);
  });
});
