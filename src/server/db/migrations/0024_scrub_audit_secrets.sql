-- Audit details keep no webhook address, key or secret (docs/decisions/017-privacy-requests.md).
-- Earlier entries held a process's n8n webhook and fallback URLs and a person's
-- notification webhook URL as values (keys, passwords and secrets were already
-- "[redacted]"). The jsonb's text is rewritten as audit() now writes, keeping every key:
--   1. a string under a key that names a credential or an address becomes "[redacted]",
--      at any depth (jsonb prints each pair as "key": value; the words are audit.ts's
--      SECRET_KEY, a passkey excepted);
--   2. an http(s) address inside any other string becomes [redacted].
-- Neither can break the JSON: no match starts or ends inside an escape. One statement;
-- the first test is a cheap one that most rows fail, so only rows holding such a value
-- are read closely and rewritten, and a second run rewrites nothing.
update "audit_logs"
set "details" = regexp_replace(
  regexp_replace(
    "details"::text,
    '((?:pass(?!key)|secret|token|authorization|api[-_]?key|webhook[-_]?key|auth[-_]?key|cookie|url)[^"\\]*": )"(?:[^"\\]|\\.)*"',
    '\1"[redacted]"',
    'gi'
  ),
  'https?://[^"\\[:space:]<>'']+',
  '[redacted]',
  'gi'
)::jsonb
where "details"::text ~* '(pass|secret|token|authoriz|key|cookie|url|http)'
  and (
    "details"::text ~* '(?:pass(?!key)|secret|token|authorization|api[-_]?key|webhook[-_]?key|auth[-_]?key|cookie|url)[^"\\]*": "(?!\[redacted\]")'
    or "details"::text ~* 'https?://'
  );
