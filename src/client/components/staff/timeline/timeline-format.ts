/**
 * The timeline reads the audit log with the same words as the audit view and its CSV export:
 * one table in src/shared/audit-labels.ts.
 */
export {
  actionLabel,
  actorLabel,
  describeChange,
  fieldLabel,
  formatValue,
  timelineActor,
  type Change,
  type TimelineActor,
} from '#shared/audit-labels.ts';
