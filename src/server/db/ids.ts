// Every table's id is a UUID. A value that is not one names no row, and PostgreSQL
// refuses to compare it with a uuid column (an error, so a 500): look-ups by an id from
// a request check it first and answer "not found".

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isId = (value: string) => UUID.test(value);
