/**
 * The server's import point for business time-zone arithmetic; the one implementation lives in the
 * shared package, where the web app uses it too. Appointment slots (09:00-20:00) never fall in the
 * skipped or repeated hour, so every slot has exactly one instant.
 */
export { fromLocal, toLocal, todayIn, type LocalDateTime } from '@eclat/shared';
