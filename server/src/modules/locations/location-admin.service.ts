// Locations (sites) as an operator sets them up: create one for a customer, list a customer's, find by code.
// The map's reads are location.service.ts.
import { FieldErrors } from '../../lib/errors.ts';
import { newCode } from '../../lib/tokens.ts';
import type { LocationRepository } from './location.repository.ts';

export interface NewLocationInput {
  code?: string;
  name: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  /** Prefecture, as the map groups sites. */
  area?: string;
  city?: string;
}

export class LocationAdminService {
  constructor(private readonly locations: LocationRepository) {}

  /** A new site of the customer; a site has both coordinates or neither (without them it has no marker). */
  create(customerId: number, input: NewLocationInput) {
    if ((input.latitude === undefined) !== (input.longitude === undefined))
      throw new FieldErrors({ lat: ['give both latitude and longitude, or neither'] });
    return this.locations.insert({
      customer_id: customerId,
      code: input.code ?? newCode('loc'),
      name: input.name,
      address: input.address ?? '',
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      area_jp: input.area ?? '',
      city_jp: input.city ?? '',
    });
  }

  listForCustomer(customerId: number) {
    return this.locations.listByCustomer(customerId);
  }

  /** The customer's site with this code, or undefined. */
  byCode(customerId: number, code: string) {
    return this.locations.findByCode(customerId, code);
  }
}
