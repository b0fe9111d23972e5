// `customers …` and `locations …`: an operator's tenants and their sites, through the customer and location
// services.
import { z } from 'zod';
import { LocationAdminService } from '../modules/locations/location-admin.service.ts';
import { LocationRepository } from '../modules/locations/location.repository.ts';
import { CliUsageError, opt, type CliCommands, type CliContext } from './cli-context.ts';
import * as input from './cli-inputs.ts';

export const CUSTOMER_USAGE = `  customers create --name NAME [--code CODE]
  customers list`;

export const LOCATION_USAGE = `  locations create --customer CODE --name NAME [--address TEXT] [--lat N --lng N] [--area PREF] [--city CITY] [--code CODE]
  locations list --customer CODE`;

const locationsOf = (ctx: CliContext) => new LocationAdminService(new LocationRepository(ctx.db));

export const customerCommands: CliCommands = {
  'customers create': async ({ options, customers, print }) => {
    const code = opt(options, 'code', input.codeOption, 'optional');
    const row = await customers.create(opt(options, 'name', input.nameOption), code);
    print({ id: row.id, code: row.code, name: row.name });
  },
  'customers list': async ({ customers, print }) => {
    for (const c of await customers.list()) print({ id: c.id, code: c.code, name: c.name });
  },
  'locations create': async (ctx) => {
    const { options } = ctx;
    const customer = await ctx.customerOf();
    const lat = opt(options, 'lat', input.latitudeOption, 'optional');
    const lng = opt(options, 'lng', input.longitudeOption, 'optional');
    if ((lat === undefined) !== (lng === undefined))
      throw new CliUsageError('give both --lat and --lng, or neither');
    const row = await locationsOf(ctx).create(customer.id, {
      code: opt(options, 'code', input.codeOption, 'optional'),
      name: opt(options, 'name', input.nameOption),
      address: opt(options, 'address', z.string().max(500), 'optional'),
      latitude: lat,
      longitude: lng,
      area: opt(options, 'area', z.string().max(50), 'optional'),
      city: opt(options, 'city', z.string().max(50), 'optional'),
    });
    ctx.print({ id: row.id, code: row.code, name: row.name });
  },
  'locations list': async (ctx) => {
    const customer = await ctx.customerOf();
    for (const l of await locationsOf(ctx).listForCustomer(customer.id)) {
      ctx.print({
        code: l.code,
        name: l.name,
        address: l.address,
        latitude: l.latitude,
        longitude: l.longitude,
      });
    }
  },
};
