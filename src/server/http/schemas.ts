// `/:id` params, defined with the shared route table; the features still registered the
// old way import it from here.
export { IdParamsSchema } from '#shared/api/params.ts';
