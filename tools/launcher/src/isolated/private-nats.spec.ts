import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsConnectionOptions } from '@medical-qr/platform';
import { PrivateNats } from './private-nats.js';

/**
 * A stand-in for the docker CLI on a machine without a Docker engine: it records each call and, for
 * `run`, starts the nats-server the container would run, with the container's mounts and published
 * port mapped back to this machine. `rm -f` stops it.
 */
const FAKE_DOCKER = `#!/bin/sh
state="$FAKE_DOCKER_STATE"
echo "$*" >> "$state/calls"
case "$1" in
  run)
    shift; name=""; port=""; conf=""; data=""
    while [ "$1" != "nats:2.10-alpine" ]; do
      case "$1" in
        --name) name="$2"; shift ;;
        -p) port=$(echo "$2" | cut -d: -f2); shift ;;
        -v) case "$2" in *:/etc/nats:ro) conf=\${2%:/etc/nats:ro} ;; *:/data) data=\${2%:/data} ;; esac; shift ;;
      esac
      shift
    done
    nats-server -c "$conf/nats-server.conf" -a 127.0.0.1 -p "$port" -js -sd "$data" >/dev/null 2>&1 &
    echo $! > "$state/$name.pid"
    echo "$name" ;;
  rm) pid=$(cat "$state/$3.pid" 2>/dev/null) && kill -9 "$pid" && rm -f "$state/$3.pid" ;;
esac
`;

describe('a private NATS server in a container (TESTCONTAINERS=1)', () => {
  let state: string;
  let path: string | undefined;

  beforeAll(() => {
    state = mkdtempSync(join(tmpdir(), 'mqr-fake-docker-'));
    writeFileSync(join(state, 'docker'), FAKE_DOCKER);
    chmodSync(join(state, 'docker'), 0o755);
    path = process.env.PATH;
    process.env.PATH = `${state}:${path}`;
    process.env.FAKE_DOCKER_STATE = state;
  });
  afterAll(() => {
    process.env.PATH = path;
    delete process.env.FAKE_DOCKER_STATE;
    rmSync(state, { recursive: true, force: true });
  });

  it('runs nats:2.10-alpine with its permission file and JetStream store mounted, and keeps the store across an outage', async () => {
    const nats = await PrivateNats.start({ namespaces: ['ctr'], inDocker: true });
    try {
      const run = readFileSync(join(state, 'calls'), 'utf8').trim().split('\n')[0]!;
      expect(run).toMatch(
        new RegExp(
          `^run -d --name mqr-nats-${nats.port}-\\w+ (--user \\d+:\\d+ )?-p 127\\.0\\.0\\.1:${nats.port}:4222 ` +
            `-v \\S+:/etc/nats:ro -v ${nats.storeDir}:/data nats:2\\.10-alpine -c /etc/nats/nats-server\\.conf -js -sd /data$`,
        ),
      );
      // Locked down as the binary is: no credentials, no connection.
      await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow(/Authorization Violation/);
      const admin = await connect({
        ...natsConnectionOptions(nats.admin, 'container-test'),
        waitOnFirstConnect: false,
      });
      await (await jetstreamManager(admin)).streams.add({ name: 'kept', subjects: ['ctr.kept'] });
      await admin.close();

      await nats.kill();
      expect(readFileSync(join(state, 'calls'), 'utf8')).toMatch(/^rm -f mqr-nats-/m);
      await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow();

      await nats.resume();
      const again = await connect({
        ...natsConnectionOptions(nats.admin, 'container-test'),
        waitOnFirstConnect: false,
      });
      expect((await (await jetstreamManager(again)).streams.info('kept')).config.subjects).toEqual(['ctr.kept']);
      await again.close();
    } finally {
      await nats.stop();
    }
  });
});
