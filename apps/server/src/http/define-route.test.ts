import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineModule } from '@pcb/contract';
import { createDefineRoute } from './define-route';

describe('createDefineRoute', () => {
  it('refuses to serve a staff endpoint with the member check', () => {
    const { List } = defineModule('StaffThing', {
      List: {
        method: 'GET',
        summary: 'staff only',
        access: 'staff',
        roles: ['admin'],
        input: z.object({}),
        output: z.array(z.number()),
      },
    });
    const route = createDefineRoute(Fastify(), async () => null);
    expect(() => route(List, async () => [])).toThrow(/staff session check/);
  });
});
