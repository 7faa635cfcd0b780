-- Anyone with the public key could learn whether an e-mail address had unsubscribed from the business: sign it up for
-- the guide and read `guide_sent` back (migration 20261209300000 let anon read it for the row it stored). Since
-- 20261209500000 a mailbox that had its guide today reads true, so false meant, but for a rare day of three e-mails
-- from the other forms, "this address unsubscribed": another visitor's data, one request away, and the address's
-- owner told nothing. The visitor reads back their row's id only, as before session 34; the page shows the spec's
-- toast for every stored sign-up, and the Thank You panel says which addresses get no guide (decision 032, session 34,
-- lead; decision 040, session 22). The row keeps what the server did, for staff.
revoke select (guide_sent) on public.leads from anon;
