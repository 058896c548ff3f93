import { pgEnum } from 'drizzle-orm/pg-core';
import {
  APPOINTMENT_STATUSES,
  FEEDBACK_STATUSES,
  PERMISSIONS,
  QUOTE_STATUSES,
  RECURRING_FREQUENCIES,
  SERIES_STATUSES,
  SCHEDULE_STATUSES,
  SHIFTS,
  VISIT_STEPS,
} from '@eclat/shared';

export const appointmentStatusEnum = pgEnum('appointment_status', APPOINTMENT_STATUSES);
export const feedbackStatusEnum = pgEnum('feedback_status', FEEDBACK_STATUSES);
export const scheduleStatusEnum = pgEnum('schedule_status', SCHEDULE_STATUSES);
export const shiftEnum = pgEnum('shift', SHIFTS);
export const permissionEnum = pgEnum('permission', PERMISSIONS);
export const seriesFrequencyEnum = pgEnum('series_frequency', RECURRING_FREQUENCIES);
export const seriesStatusEnum = pgEnum('series_status', SERIES_STATUSES);
export const quoteStatusEnum = pgEnum('quote_status', QUOTE_STATUSES);
export const visitStepEnum = pgEnum('visit_step', VISIT_STEPS);
