// Where a link to one process lands on My Processes (/client/processes#process-<id>): the
// catalog's approved template links there, and the processes page scrolls to it.

export const processAnchor = (processId: string) => `process-${processId}`;
