// Customers (tenants) as an operator sets them up: create one with a chosen or fresh code, list, find by code.
import { FieldErrors } from '../../lib/errors.ts';
import { newCode } from '../../lib/tokens.ts';
import type { CustomerRepository } from './customer.repository.ts';

export class CustomerService {
  constructor(private readonly customers: CustomerRepository) {}

  /** A new customer; the code is generated when none is given, and must not be taken. */
  async create(name: string, code: string = newCode('cust')) {
    if (await this.customers.findByCode(code))
      throw new FieldErrors({ code: [`customer "${code}" already exists`] });
    return this.customers.insert(code, name);
  }

  list() {
    return this.customers.list();
  }

  /** The customer with this code, or undefined. */
  byCode(code: string) {
    return this.customers.findByCode(code);
  }
}
