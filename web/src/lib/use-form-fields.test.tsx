import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { useFormFields } from './use-form-fields';

function typed(value: string) {
  return { target: { value } } as ChangeEvent<HTMLInputElement>;
}

describe('useFormFields', () => {
  it('gives a field its name, value and error', () => {
    const { result } = renderHook(() => useFormFields({ email: 'a@example.com' }));
    act(() => result.current.setErrors({ email: 'Wrong' }));
    expect(result.current.field('email')).toMatchObject({
      name: 'email',
      value: 'a@example.com',
      error: 'Wrong',
    });
  });

  it('clears the field error and the form message when the field changes', () => {
    const { result } = renderHook(() => useFormFields({ email: '', password: '' }));
    act(() => {
      result.current.setErrors({ email: 'Required', password: 'Required' });
      result.current.setFormError('Try again');
    });
    act(() => result.current.field('email').onChange(typed('b@example.com')));
    expect(result.current.values).toEqual({ email: 'b@example.com', password: '' });
    expect(result.current.errors).toEqual({ email: undefined, password: 'Required' });
    expect(result.current.formError).toBeNull();
  });

  it('goes back to the initial values without errors on reset', () => {
    const { result } = renderHook(() => useFormFields({ email: '' }));
    act(() => {
      result.current.field('email').onChange(typed('c@example.com'));
      result.current.setErrors({ email: 'Taken' });
    });
    act(() => result.current.reset());
    expect(result.current.values).toEqual({ email: '' });
    expect(result.current.errors).toEqual({});
    expect(result.current.formError).toBeNull();
  });
});
