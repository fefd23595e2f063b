import { describe, expect, it } from 'vitest';
import { isDependencyOutage } from './dependency-outage.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which errors mean a service underneath did not answer', () => {
  it('knows network failures, PostgreSQL going away, SQLite busy and ioredis giving up, also when wrapped', () => {
    expect(isDependencyOutage(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDependencyOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDependencyOutage(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDependencyOutage(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDependencyOutage(withCode('could not connect', '08006'))).toBe(true);
    expect(isDependencyOutage(withCode('database is locked', 'SQLITE_BUSY'))).toBe(true);
    const retries = Object.assign(
      new Error('Reached the max retries per request limit (which is 2). Refer to "maxRetriesPerRequest" option for details.'),
      {
        name: 'MaxRetriesPerRequestError',
      },
    );
    expect(isDependencyOutage(retries)).toBe(true);
    expect(isDependencyOutage(new Error('Connection is closed.'))).toBe(true);
    // The AWS SDK and Node's fetch wrap the socket's error.
    expect(isDependencyOutage(new Error('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }))).toBe(true);
    expect(isDependencyOutage(new AggregateError([withCode('connect ECONNREFUSED ::1:6379', 'ECONNREFUSED')]))).toBe(true);
  });

  it('leaves our own mistakes and the database refusing bad data as they are', () => {
    expect(isDependencyOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyOutage(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDependencyOutage(withCode('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
    expect(isDependencyOutage(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDependencyOutage(null)).toBe(false);
    expect(isDependencyOutage('ECONNREFUSED')).toBe(false);
  });
});
