import { afterEach, describe, expect, it } from 'vitest';

import { applyPageHead, currentHeadLanguage, headAddress } from './page-head';

const first = `<title>Mishwar — private trips around Cairo</title>
<meta name="description" content="Book a private trip">
<meta property="og:type" content="website">
<meta property="og:locale" content="en_US">
<link rel="canonical" href="https://m.example/">
<link rel="alternate" hreflang="ar" href="https://m.example/?lang=ar">
<meta property="og:site_name" content="Mishwar">`;

const program = `<title>برنامج الأهرامات — مشوار</title>
<meta name="description" content="الأهرامات وأبو الهول">
<meta property="og:type" content="website">
<meta property="og:locale" content="ar_EG">
<link rel="canonical" href="https://m.example/program/giza?lang=ar">
<link rel="alternate" hreflang="en" href="https://m.example/program/giza">
<link rel="alternate" hreflang="ar" href="https://m.example/program/giza?lang=ar">
<meta property="og:url" content="https://m.example/program/giza?lang=ar">
<script type="application/ld+json">{"@type":"TouristTrip","name":"الأهرامات"}</script>
<meta property="og:site_name" content="مشوار">`;

afterEach(() => {
  document.head.innerHTML = '';
});

describe('applyPageHead', () => {
  it('swaps the search-engine tags for the new page and keeps everything else', () => {
    document.head.innerHTML = `<meta charset="utf-8"><link rel="stylesheet" href="/assets/a.css"><meta name="mishwar-map-tiles" content="t">${first}`;
    applyPageHead(document, program, false);
    applyPageHead(document, program, false);
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://m.example/program/giza?lang=ar');
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(document.querySelector('meta[property="og:site_name"]')?.getAttribute('content')).toBe('مشوار');
    expect(document.querySelectorAll('link[rel="alternate"]')).toHaveLength(2);
    expect(document.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    expect(document.querySelector('meta[name="mishwar-map-tiles"]')).not.toBeNull();
    expect(document.title).toBe('برنامج الأهرامات — مشوار');
    expect(currentHeadLanguage(document)).toBe('ar');
  });

  it('leaves no JSON-LD behind on a page without any, and keeps a title the screen set', () => {
    document.head.innerHTML = program;
    document.title = 'Giza · Mishwar';
    applyPageHead(document, first, true);
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://m.example/');
    expect(document.title).toBe('Giza · Mishwar');
  });
});

describe('headAddress', () => {
  it('asks in the language shown, keeping the page query', () => {
    expect(headAddress('/destination', '?id=giza&lang=en', 'ar')).toBe('/destination?id=giza&lang=ar');
    expect(headAddress('/', '', 'en')).toBe('/?lang=en');
  });
});
