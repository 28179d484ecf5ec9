import { z } from 'zod';
import { ErrorSchema, MessageSchema } from '../answers.ts';
import { CreateScheduleSchema, ScheduleSchema, UpdateScheduleSchema } from '../scheduler.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// The client's schedules (SPEC §7 Client portal; PATCH pauses, resumes and edits one).
// Writing needs the owner or a team admin, which the service decides.

const tags = ['portal: scheduler'];
const refused = { 400: ErrorSchema, 402: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export const schedulerApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/scheduler',
    audience: 'signed-in',
    tags,
    responses: { 200: z.array(ScheduleSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/scheduler',
    audience: 'signed-in',
    tags,
    body: CreateScheduleSchema,
    responses: { 201: ScheduleSchema, ...refused },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/scheduler/:id',
    audience: 'signed-in',
    tags,
    params: IdParamsSchema,
    body: UpdateScheduleSchema,
    responses: { 200: ScheduleSchema, ...refused },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/scheduler/:id',
    audience: 'signed-in',
    tags,
    params: IdParamsSchema,
    responses: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
};
