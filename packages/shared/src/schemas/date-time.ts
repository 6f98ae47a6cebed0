import { z } from 'zod';
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from '../constants.ts';

const earliest = Date.UTC(DATE_YEAR_MIN, 0, 1);
const latest = Date.UTC(DATE_YEAR_MAX + 1, 0, 1);

/**
 * R-API-41: an ISO 8601 date and time with an offset, between DATE_YEAR_MIN and DATE_YEAR_MAX.
 * Every date field of a query or a body uses it, so each refusal names its field.
 */
export const dateTimeField = (field: string, message = `${field} must be a date and time (ISO 8601)`) =>
  z.iso.datetime({ offset: true, message }).refine((value) => {
    const time = Date.parse(value);
    return time >= earliest && time < latest;
  }, `${field} must lie between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`);
