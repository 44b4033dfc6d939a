import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PrerenderedForm } from './prerendered-form';

const form = (
  <PrerenderedForm aria-label="Sign in">
    <input name="password" type="password" />
    <button type="submit">Send</button>
  </PrerenderedForm>
);

afterEach(cleanup);

describe('PrerenderedForm', () => {
  it('is prerendered with its controls disabled', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(form);
    expect(container.querySelector('fieldset')?.disabled).toBe(true);
    expect(container.querySelector('input')?.matches(':disabled')).toBe(true);
    expect(container.querySelector('button')?.matches(':disabled')).toBe(true);
  });

  it('enables its controls once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(form);
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, form));
    expect(container.querySelector('fieldset')?.disabled).toBe(false);
    expect(container.querySelector('button')?.matches(':disabled')).toBe(false);
    act(() => root.unmount());
    container.remove();
  });

  it('is usable at once when rendered in the browser without prerendered HTML', () => {
    const { container } = render(form);
    expect(container.querySelector('fieldset')?.disabled).toBe(false);
    expect(container.querySelector('form')?.getAttribute('aria-label')).toBe('Sign in');
  });
});
