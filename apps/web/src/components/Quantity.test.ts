import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Quantity } from './Quantity';

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
