// Which errors read as "no database connection now" (answered 503) and which stay faults (500).
import { describe, expect, it } from 'vitest';
import { isConnectionLoss, isDatabaseUnavailable, markDatabaseError } from './connection-loss.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('connection loss', () => {
  it.each([
    [
      'a terminated backend (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a database starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['refusals on every address', new AggregateError([withCode('connect', 'ECONNREFUSED')], 'connect')],
  ])('%s is a connection loss', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a syntax error', withCode('syntax error at or near', '42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });

  it('counts as database unavailable only when the database layer raised it', () => {
    const fromS3 = withCode('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED');
    const fromPool = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    markDatabaseError(fromPool);
    expect(isDatabaseUnavailable(fromS3)).toBe(false);
    expect(isDatabaseUnavailable(fromPool)).toBe(true);
    const constraint = withCode('duplicate key value', '23505');
    markDatabaseError(constraint);
    expect(isDatabaseUnavailable(constraint)).toBe(false);
  });
});
