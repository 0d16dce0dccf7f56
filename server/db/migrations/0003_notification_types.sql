-- Every notification type the product sends: the spec's four (+ 'application', a new applicant), payment events from
-- escrow, and social events from the feed. One list here so the features that add them never race on the constraint.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'application', 'application_accepted', 'application_rejected', 'message', 'system',
  'payment_funded', 'payment_released', 'payment_refunded', 'payment_failed', 'work_submitted', 'payment_requested',
  'post_liked', 'post_commented'
));
