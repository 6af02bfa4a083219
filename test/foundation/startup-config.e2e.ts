import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isolatedEnvironment } from '@medical-qr/launcher';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function runToExit(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // A backstop against a hang, inside jest's limit: how fast a refusal comes depends on the machine, and a slow
    // laptop or a busy test run must not turn "refused at once" into "killed".
    const timer = setTimeout(() => child.kill('SIGKILL'), 3 * 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('start-up with bad configuration', () => {
  it('a service stops at once, naming every bad variable', async () => {
    const { code, output } = await runToExit(
      ['services/records/dist/main.js'],
      isolatedEnvironment({ DATABASE_URL: 'mysql://localhost/db', NATS_URL: 'not a url', LOG_LEVEL: 'loud' }),
    );
    expect(code).toBe(1);
    expect(output).toContain('records: Invalid configuration');
    expect(output).toMatch(/DATABASE_URL: must be a postgres: or postgresql:\/\/ URL/);
    expect(output).toMatch(/NATS_URL: must be a nats: or tls:\/\/ URL/);
    expect(output).toContain('LOG_LEVEL');
  });

  it('the gateway stops at once on a bad PORT', async () => {
    const { code, output } = await runToExit(
      ['services/gateway/dist/main.js'],
      isolatedEnvironment({ PORT: 'eighty' }),
    );
    expect(code).toBe(1);
    expect(output).toContain('gateway: Invalid configuration');
    expect(output).toContain('PORT');
  });

  it("the gateway refuses the Kubernetes template's placeholder secrets and address in production, naming each", async () => {
    const { code, output } = await runToExit(
      ['services/gateway/dist/main.js'],
      isolatedEnvironment({
        NODE_ENV: 'production',
        PUBLIC_BASE_URL: 'https://medicalqr.example',
        NATS_USER: 'gateway',
        NATS_PASSWORD: 'REPLACE_ME_NATS_PASSWORD_GATEWAY',
        SESSION_SECRET: 'REPLACE_ME_BASE64URL_OF_32_RANDOM_BYTES',
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain('gateway: Invalid configuration');
    expect(output).toMatch(/NATS_PASSWORD: is a placeholder from the templates/);
    expect(output).toMatch(/SESSION_SECRET: is a placeholder from the templates/);
    // The template's address would be printed in every QR code.
    expect(output).toMatch(/PUBLIC_BASE_URL: medicalqr\.example is a placeholder/);
  });

  it('npm start refuses a DATABASE_URL where no PostgreSQL answers, naming it and saying how to start one', async () => {
    const { code, output } = await runToExit(
      ['-e', "import('./tools/launcher/dist/index.js').then((m) => m.main())"],
      isolatedEnvironment({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/medical_qr',
        NATS_URL: 'nats://127.0.0.1:4222',
      }),
    );
    expect(code).toBe(1);
    expect(output).toContain('Medical QR cannot start');
    expect(output).toContain('PostgreSQL is not answering at 127.0.0.1:1 (DATABASE_URL)');
    expect(output).toContain('Start PostgreSQL');
  });

  it('npm start refuses a DATABASE_URL that is not a URL', async () => {
    const { code, output } = await runToExit(
      ['-e', "import('./tools/launcher/dist/index.js').then((m) => m.main())"],
      isolatedEnvironment({ DATABASE_URL: 'medical_qr' }),
    );
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_URL is not a valid URL');
  });
});
