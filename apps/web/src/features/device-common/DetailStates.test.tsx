// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderPage } from '../../testing/render';
import { BackToList, DetailMissing } from './DetailStates';

describe('DetailStates', () => {
  it('says a device the API does not know is not there, and leads back to the list without a retry', () => {
    const missing = new ApiError(404, 'not found', null, 200, false);
    renderPage(<DetailMissing error={missing} retry={() => {}} listPath="/meters" data-testid="missing" />);
    expect(screen.getByText('This device does not exist, or it is not one of yours.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/meters');
  });

  it('offers a retry when the page could not load for another reason', () => {
    const retry = vi.fn();
    renderPage(<DetailMissing error={new Error('offline')} retry={retry} listPath="/meters" data-testid="missing" />);
    expect(screen.getByText('The list could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('links back to the list it came from', () => {
    renderPage(<BackToList to="/batteries?page=2" />);
    const back = screen.getByTestId('back-to-list');
    expect(back.textContent?.trim()).toBe('Back to the list');
    expect(back.getAttribute('href')).toBe('/batteries?page=2');
  });
});
