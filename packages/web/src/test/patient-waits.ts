/**
 * Setup of both web projects. A wait for something that will happen (a socket connected, a list
 * rendered, a call answered) gets 10 s instead of the libraries' 1 s: on a machine at a load of
 * 10–25 on two cores, as in the full run, connecting a test's socket took longer than a second.
 * What is asserted stays the same; a wait that holds finishes as soon as it holds.
 */
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

const PATIENT_WAIT_MS = 10_000;

configure({ asyncUtilTimeout: PATIENT_WAIT_MS });

const waitFor = vi.waitFor.bind(vi);
vi.waitFor = (callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: PATIENT_WAIT_MS, ...options });
