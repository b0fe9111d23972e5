// The IP allow-lists, compiled once per customer and version so every request can be checked without a
// query: the session check reads customers.ip_allow_version with the session (migration 0016), and a list
// is loaded again only when that version moved (a rule added or removed anywhere, by any process).
import { BlockList, isIPv4 } from 'node:net';
import type { IpAllowRepository } from './ip-allow.repository.ts';

interface CompiledRules {
  version: number;
  /** Rules for the whole customer (user_id null). */
  customer: BlockList | null;
  perUser: Map<number, BlockList>;
}

/** More customers than this in one process: start over rather than grow without bound. */
const MAX_CUSTOMERS = 10_000;

function addRule(list: BlockList, cidr: string): void {
  const [network = '', prefix = ''] = cidr.split('/');
  const type = isIPv4(network) ? 'ipv4' : 'ipv6';
  list.addSubnet(network, Number(prefix || (type === 'ipv4' ? 32 : 128)), type);
}

export class IpAllowCache {
  private readonly byCustomer = new Map<number, Promise<CompiledRules>>();

  constructor(private readonly rules: Pick<IpAllowRepository, 'list'>) {}

  /** Same answer as IpAllowRepository.isAllowed, from memory while `version` is the one compiled. */
  async isAllowed(customerId: number, version: number, userId: number, ip: string): Promise<boolean> {
    const compiled = await this.compiled(customerId, version);
    const lists = [compiled.customer, compiled.perUser.get(userId)].filter((l): l is BlockList => !!l);
    if (lists.length === 0) return true;
    const type = isIPv4(ip) ? 'ipv4' : 'ipv6';
    return lists.some((list) => list.check(ip, type));
  }

  private async compiled(customerId: number, version: number): Promise<CompiledRules> {
    const cached = this.byCustomer.get(customerId);
    if (cached) {
      const rules = await cached.catch(() => null);
      if (rules?.version === version) return rules;
    }
    if (this.byCustomer.size >= MAX_CUSTOMERS) this.byCustomer.clear();
    const loading = this.load(customerId, version);
    this.byCustomer.set(customerId, loading);
    return loading;
  }

  private async load(customerId: number, version: number): Promise<CompiledRules> {
    const compiled: CompiledRules = { version, customer: null, perUser: new Map() };
    for (const rule of await this.rules.list(customerId)) {
      let list: BlockList;
      if (rule.user_id === null) list = compiled.customer ??= new BlockList();
      else {
        list = compiled.perUser.get(rule.user_id) ?? new BlockList();
        compiled.perUser.set(rule.user_id, list);
      }
      addRule(list, rule.cidr);
    }
    return compiled;
  }
}
