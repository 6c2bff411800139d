import { describe, expect, it } from 'vitest';

import { clearEnquiryDraft, readEnquiryDraft, saveEnquiryDraft } from './enquiry-draft';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('enquiry draft', () => {
  it('comes back as typed until it is cleared', () => {
    const storage = memoryStorage();
    saveEnquiryDraft({ first_name: 'Salma', terms: true }, storage);
    expect(readEnquiryDraft(storage)).toEqual({ first_name: 'Salma', terms: true });
    expect(readEnquiryDraft(storage)).toEqual({ first_name: 'Salma', terms: true });
    clearEnquiryDraft(storage);
    expect(readEnquiryDraft(storage)).toBeNull();
  });

  it('ignores what is not a draft', () => {
    const storage = memoryStorage();
    storage.setItem('mishwar.enquiry-draft', '[1,2]');
    expect(readEnquiryDraft(storage)).toBeNull();
    storage.setItem('mishwar.enquiry-draft', '{"first_name":"Salma","nested":{"a":1},"n":3}');
    expect(readEnquiryDraft(storage)).toEqual({ first_name: 'Salma' });
    storage.setItem('mishwar.enquiry-draft', 'not json');
    expect(readEnquiryDraft(storage)).toBeNull();
  });
});
