import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import {
  archivedPayScheduleSchema,
  calendarQuery,
  calendarSchema,
  createPayScheduleBody,
  listPaySchedulesQuery,
  payScheduleParams,
  payScheduleSchema,
  updatePayScheduleBody,
} from '../schemas/calendar.ts';
import {
  archivePaySchedule,
  createPaySchedule,
  getPaySchedule,
  listPaySchedules,
  updatePaySchedule,
} from '../services/setup/pay-schedules.ts';
import { payrollCalendar } from '../services/setup/calendar.ts';

const T = '/v1/tenants/{tenantId}';

export const calendarRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${T}/pay-schedules`,
    tag: 'calendar',
    summary: 'List pay schedules with their next pay dates',
    params: tenantParams,
    query: listPaySchedulesQuery,
    response: {
      status: 200,
      description: 'Pay schedules, oldest first (archived ones with include_archived=true)',
      data: z.array(payScheduleSchema),
    },
    errors: [501],
    handler: async (ctx) => ({
      body: { data: await listPaySchedules(ctx, { includeArchived: ctx.query.include_archived === 'true' }) },
    }),
  }),
  defineRoute({
    method: 'post',
    path: `${T}/pay-schedules`,
    tag: 'calendar',
    summary: 'Create a pay schedule (frequency, anchor date, payment-date offset, bank-holiday rule, cut-off)',
    governed: true,
    params: tenantParams,
    body: createPayScheduleBody,
    response: { status: 201, description: 'The new pay schedule', data: payScheduleSchema, evidence: true },
    errors: [422, 501],
    handler: async (ctx) => ctx.commit(async (r) => ({ status: 201, ...(await createPaySchedule(ctx, r, ctx.body)) })),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/pay-schedules/{scheduleId}`,
    tag: 'calendar',
    summary: 'One pay schedule with its next pay dates',
    params: payScheduleParams,
    response: { status: 200, description: 'The pay schedule', data: payScheduleSchema },
    handler: async (ctx) => ({ body: { data: await getPaySchedule(ctx, ctx.params.scheduleId) } }),
  }),
  defineRoute({
    method: 'patch',
    path: `${T}/pay-schedules/{scheduleId}`,
    tag: 'calendar',
    summary: 'Update a pay schedule (status moves between active and archived)',
    governed: true,
    params: payScheduleParams,
    body: updatePayScheduleBody,
    response: { status: 200, description: 'The updated pay schedule', data: payScheduleSchema, evidence: true },
    errors: [422, 501],
    handler: async (ctx) => ctx.commit((r) => updatePaySchedule(ctx, r, ctx.params.scheduleId, ctx.body)),
  }),
  defineRoute({
    method: 'delete',
    path: `${T}/pay-schedules/{scheduleId}`,
    tag: 'calendar',
    summary: 'Archive a pay schedule',
    governed: true,
    params: payScheduleParams,
    response: {
      status: 200,
      description: 'The pay schedule is archived',
      data: archivedPayScheduleSchema,
      evidence: true,
    },
    errors: [409],
    handler: async (ctx) => ctx.commit((r) => archivePaySchedule(ctx, r, ctx.params.scheduleId)),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/calendar`,
    tag: 'calendar',
    summary:
      'Payroll calendar: pay dates, cut-offs and public holidays between from and to (at most 366 days; default the current month). state defaults to the company address state, else holidays observed nationwide',
    params: tenantParams,
    query: calendarQuery,
    response: { status: 200, description: 'The calendar events in date order', data: calendarSchema },
    errors: [501],
    handler: async (ctx) => ({ body: { data: await payrollCalendar(ctx, ctx.query) } }),
  }),
];
