import { describe, expect, it } from 'vitest';
import { clusterDatabaseRefusal, haproxyConfig, pgbouncerRefusal } from '../src/cluster/launch.js';

describe('npm run cluster (docs/decisions/099-three-servers-behind-haproxy.md)', () => {
  it('refuses the embedded database, with the reason', () => {
    expect(clusterDatabaseRefusal(undefined)).toMatch(/DATABASE_URL is not set.*PGlite/);
    expect(clusterDatabaseRefusal('mysql://x')).toMatch(/postgres:\/\//);
    expect(clusterDatabaseRefusal('postgres://postgres@127.0.0.1:5432/x')).toBeNull();
  });

  it('balances round robin over the servers, checked on the status call, and retries only a refused connection elsewhere', () => {
    const cfg = haproxyConfig({ host: '127.0.0.1', port: 4000, serverPorts: [4001, 4002, 4003] });
    for (const line of [
      'bind 127.0.0.1:4000',
      'balance roundrobin',
      'http-check send meth GET uri /api/v1/status',
      'option redispatch',
      'retries 3',
      'option forwardfor',
      'server s1 127.0.0.1:4001',
      'server s3 127.0.0.1:4003',
    ])
      expect(cfg).toContain(line);
    // HAProxy's default retry-on (conn-failure): a request a server may have started is never sent twice.
    expect(cfg).not.toContain('retry-on');
    expect(haproxyConfig({ host: '::1', port: 4000, serverPorts: [4001] })).toContain(
      'bind [::1]:4000',
    );
  });

  it('takes PgBouncer only from 1.21, the first to carry named prepared statements in transaction pooling', () => {
    expect(pgbouncerRefusal('PgBouncer 1.18.0\nlibevent 2.1.12')).toMatch(
      /PgBouncer 1\.18 cannot carry the servers' named prepared statements/,
    );
    expect(pgbouncerRefusal('PgBouncer 1.21.0')).toBeNull();
    expect(pgbouncerRefusal('PgBouncer 1.24.1')).toBeNull();
    expect(pgbouncerRefusal('nothing')).toMatch(/cannot read/);
  });
});
