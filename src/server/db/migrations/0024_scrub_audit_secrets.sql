-- Filled in below: audit details keep no webhook address, key or secret.
select 1;
