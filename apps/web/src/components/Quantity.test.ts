import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ltrText, Quantity } from './Quantity';

// Hebrew pages showed "kW 97.7": a figure with its unit must reach the page as one left-to-right isolate.
describe('Quantity', () => {
  it('prints the figure before its unit inside a left-to-right isolate', () => {
    expect(renderToStaticMarkup(createElement(Quantity, { value: '97.7', unit: 'kW' }))).toBe(
      '<bdi dir="ltr" class="hg-quantity">97.7 kW</bdi>',
    );
  });

  it('isolates preformatted text and keeps extra classes and a test id', () => {
    expect(
      renderToStaticMarkup(createElement(Quantity, { className: 'hg-num', testId: 'q', children: '416.4 kWh' })),
    ).toBe('<bdi dir="ltr" class="hg-quantity hg-num" data-testid="q">416.4 kWh</bdi>');
  });

  it('prints a figure without a unit alone', () => {
    expect(renderToStaticMarkup(createElement(Quantity, { value: '--' }))).toBe(
      '<bdi dir="ltr" class="hg-quantity">--</bdi>',
    );
  });
});

// Hebrew showed a negative range end of a protocol's settings form as "40.0-".
describe('ltrText', () => {
  it('isolates a figure left to right inside right-to-left text', () => {
    expect(ltrText(-40, true)).toBe('\u2066-40\u2069');
    expect(`מ־${ltrText('-3276.8', true)} עד ${ltrText(3276.7, true)}`).toBe(
      'מ־\u2066-3276.8\u2069 עד \u20663276.7\u2069',
    );
  });

  it('leaves left-to-right text as it is', () => {
    expect(ltrText(-40, false)).toBe('-40');
  });
});
