// `cameras …`: a customer's cameras, optionally at one of its locations.
import { z } from 'zod';
import { newCode } from '../lib/tokens.ts';
import { CameraRepository } from '../modules/cameras/camera.repository.ts';
import { LocationAdminService } from '../modules/locations/location-admin.service.ts';
import { LocationRepository } from '../modules/locations/location.repository.ts';
import { CliUsageError, opt, type CliCommands } from './cli-context.ts';
import * as input from './cli-inputs.ts';

export const CAMERA_USAGE = `  cameras create --customer CODE --name NAME [--location CODE] [--model CODE] [--product NAME]
                 [--features motion,ptz,people_counter,...] [--width N --height N] [--fps N] [--storage-days N] [--code CODE]
  cameras list --customer CODE`;

export const cameraCommands: CliCommands = {
  'cameras create': async (ctx) => {
    const { options } = ctx;
    const customer = await ctx.customerOf();
    const locationCode = opt(options, 'location', z.string().min(1), 'optional');
    const location = locationCode
      ? await new LocationAdminService(new LocationRepository(ctx.db)).byCode(customer.id, locationCode)
      : undefined;
    if (locationCode && !location)
      throw new CliUsageError(`--location: no location "${locationCode}" for this customer`);
    const fps = opt(options, 'fps', input.fpsOption, 'optional');
    const row = await new CameraRepository(ctx.db).insert({
      customer_id: customer.id,
      location_id: location?.id ?? null,
      code: opt(options, 'code', input.codeOption, 'optional') ?? newCode('cam'),
      name: opt(options, 'name', input.nameOption),
      model_code: opt(options, 'model', z.string().max(50), 'optional') ?? '',
      product_name: opt(options, 'product', z.string().max(200), 'optional') ?? '',
      image_rs_width: opt(options, 'width', input.positiveIntOption, 'optional'),
      image_rs_height: opt(options, 'height', input.positiveIntOption, 'optional'),
      ...(fps === undefined ? {} : { image_fps: fps }),
      archive_storing_days: opt(options, 'storage-days', input.positiveIntOption, 'optional'),
      ...(opt(options, 'features', input.featuresOption, 'optional') ?? {}),
    });
    ctx.print({ id: row.id, code: row.code, name: row.name, location: location?.code ?? null });
  },
  'cameras list': async (ctx) => {
    const customer = await ctx.customerOf();
    for (const c of await new CameraRepository(ctx.db).listByCustomer(customer.id)) ctx.print(c);
  },
};
