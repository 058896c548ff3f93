import { pgEnum } from 'drizzle-orm/pg-core';
import {
  APPOINTMENT_STATUSES,
  FEEDBACK_STATUSES,
  PERMISSIONS,
  SCHEDULE_STATUSES,
  SHIFTS,
} from '@eclat/shared';

export const appointmentStatusEnum = pgEnum('appointment_status', APPOINTMENT_STATUSES);
export const feedbackStatusEnum = pgEnum('feedback_status', FEEDBACK_STATUSES);
export const scheduleStatusEnum = pgEnum('schedule_status', SCHEDULE_STATUSES);
export const shiftEnum = pgEnum('shift', SHIFTS);
export const permissionEnum = pgEnum('permission', PERMISSIONS);
