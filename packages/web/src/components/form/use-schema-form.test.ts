import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../services/http/client.ts';
import { toast } from '../../services/ui/toast.ts';
import { useSchemaForm } from './use-schema-form.ts';

const schema = z.object({ email: z.email({ message: 'Enter a valid email address' }) });
const event = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

afterEach(() => vi.restoreAllMocks());

describe('useSchemaForm', () => {
  it('shows schema errors next to their fields and makes no call', async () => {
    const { result } = renderHook(() => useSchemaForm(schema, { failure: 'Failed' }));
    const action = vi.fn(() => Promise.resolve());
    await act(() => result.current.submit(event(), { values: { email: 'nope' }, action }));
    expect(result.current.errors).toEqual({ email: 'Enter a valid email address' });
    expect(action).not.toHaveBeenCalled();
  });

  it('calls with the parsed data and clears the busy flag afterwards', async () => {
    const { result } = renderHook(() => useSchemaForm(schema, { failure: 'Failed' }));
    const action = vi.fn(() => Promise.resolve());
    await act(() => result.current.submit(event(), { values: { email: 'a@b.co' }, action }));
    expect(action).toHaveBeenCalledWith({ email: 'a@b.co' });
    expect(result.current.busy).toBe(false);
    expect(result.current.errors).toEqual({});
  });

  it('puts a server error on the field it names, else shows a toast', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
    const { result } = renderHook(() =>
      useSchemaForm(schema, { serverFields: ['email'], failure: 'Failed' }),
    );
    const taken = new ApiError(409, 'That email is taken', 'CONFLICT', 'email');
    await act(() =>
      result.current.submit(event(), { values: { email: 'a@b.co' }, action: () => Promise.reject(taken) }),
    );
    expect(result.current.errors).toEqual({ email: 'That email is taken' });
    await act(() =>
      result.current.submit(event(), {
        values: { email: 'a@b.co' },
        action: () => Promise.reject(new Error('')),
      }),
    );
    expect(error).toHaveBeenCalledWith('Failed');
  });

  it('extra checks add errors the schema cannot see', async () => {
    const { result } = renderHook(() => useSchemaForm(schema, { failure: 'Failed' }));
    const action = vi.fn(() => Promise.resolve());
    await act(() =>
      result.current.submit(event(), {
        values: { email: 'a@b.co' },
        extraErrors: (_data, errors) => ({ ...errors, confirm: 'The passwords do not match' }),
        action,
      }),
    );
    expect(result.current.errors).toEqual({ confirm: 'The passwords do not match' });
    expect(action).not.toHaveBeenCalled();
  });
});
