import { defineCommand, errors, type WorldSpec } from '../../core/index.js';
import { integerOption } from '../../core/cli/optionValues.js';
import { domainNames, loadDomains } from '../index.js';
import { DEFAULT_HTTP_HOST, DEFAULT_HTTP_PORT, DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_SESSIONS, DEFAULT_MAX_SESSIONS_PER_CLIENT, DomainHttpServer, isLoopbackName } from '../kit/DomainHttpServer.js';
import { domainRuntime } from '../kit/DomainSession.js';
import { serveHooks } from '../kit/httpRoutes.js';
import { serveStdio } from '../kit/serveStdio.js';

const optionalInteger = (name: string, value: unknown, min: number): number | undefined => (value === undefined ? undefined : integerOption('serve', name, value, min));

export default defineCommand({
  name: 'serve',
  summary: 'serve domains as live MCP servers: stdio for one domain, Streamable HTTP (--http) for several',
  usage: '<domain…>',
  description: [
    'Each client gets its own isolated session on the domain\'s initial world. Over stdio the process serves one domain to one client;',
    'over HTTP every domain is at /mcp/<domain>, each Mcp-Session-Id has its own state, and GET / lists the domains.',
    'An initialize request may pick its session\'s world: /mcp/<domain>?seed=N&referenceDate=ISO. Plugins add routes beside the',
    'MCP endpoints (the reward plugin: POST /reward, the configured reward on a batch of trajectories).',
    'Hidden operator tools (not in tools/list): prove_reset, prove_state_hash, prove_snapshot (secrets masked). Over HTTP, prove_reset and',
    'prove_snapshot answer only the --operator-token; without one they are off. Limits: servers/kit/README.md.',
    `Domains: ${domainNames().join(', ') || '(none yet)'}.`,
  ].join('\n'),
  options: {
    http: { type: 'boolean', description: 'serve over Streamable HTTP instead of stdio' },
    port: { type: 'string', valueName: 'N', description: `HTTP port; 0 picks a free one (default: ${DEFAULT_HTTP_PORT})` },
    host: { type: 'string', valueName: 'H', description: `HTTP interface to bind (default: ${DEFAULT_HTTP_HOST}, loopback only)` },
    token: { type: 'string', valueName: 'T', description: 'require "Authorization: Bearer T" on every HTTP request (default: $PROVE_SERVE_TOKEN when set)' },
    'operator-token': { type: 'string', valueName: 'T', description: 'the operator\'s bearer token (not an agent\'s): only it may call prove_reset and prove_snapshot over HTTP (default: $PROVE_OPERATOR_TOKEN when set)' },
    'max-sessions': { type: 'string', valueName: 'N', description: `most HTTP sessions at once (default: ${DEFAULT_MAX_SESSIONS})` },
    'max-sessions-per-client': { type: 'string', valueName: 'N', description: `most HTTP sessions one client (token, else address) holds at once (default: ${DEFAULT_MAX_SESSIONS_PER_CLIENT})` },
    'idle-timeout': { type: 'string', valueName: 'S', description: `close an HTTP session idle this many seconds (default: ${DEFAULT_IDLE_TIMEOUT_MS / 1000})` },
    seed: { type: 'string', valueName: 'N', description: 'seed of every session\'s PRNG (default: 0)' },
    'reference-date': { type: 'string', valueName: 'ISO', description: 'every session\'s clock, ISO-8601 with an explicit offset, e.g. 2026-03-16T09:00:00Z (default: the domain\'s reference date)' },
  },
  examples: ['prove-rl serve banking', 'prove-rl serve banking calendar shopping --http --port 3717', 'prove-rl serve travel_booking --http --token s3cret --max-sessions 64'],
  async run(context) {
    const names = context.positionals;
    const values = await context.settings();
    if (names.length === 0) throw errors.usage('serve', `name at least one domain; domains: ${domainNames().join(', ') || '(none)'}`);
    const domains = await loadDomains(names);
    const world: Partial<WorldSpec> = {};
    const seed = optionalInteger('seed', values.seed, Number.MIN_SAFE_INTEGER);
    if (seed !== undefined) world.seed = seed;
    if (typeof values['reference-date'] === 'string') world.referenceDate = values['reference-date'];

    if (values.http !== true) {
      if (domains.length !== 1) throw errors.usage('serve', `stdio serves exactly one domain (got ${domains.length}: ${names.join(', ')}); add --http to serve several`);
      for (const flag of ['port', 'host', 'token', 'operator-token', 'max-sessions', 'max-sessions-per-client', 'idle-timeout']) {
        if (values[flag] !== undefined) throw errors.usage('serve', `--${flag} applies to --http only`);
      }
      // Refuse a bad --reference-date or --seed before serving, as --http does.
      domainRuntime(domains[0]).openSession(world).close();
      await serveStdio(domains[0], { world });
      return 0;
    }

    const idleSeconds = optionalInteger('idle-timeout', values['idle-timeout'], 1);
    // Routes the configured plugins add (the reward plugin's POST /reward), served under the same checks.
    const routes = serveHooks(await context.engine()).httpRoutes.call([]);
    const server = new DomainHttpServer({
      routes,
      domains,
      world,
      host: typeof values.host === 'string' ? values.host : undefined,
      port: optionalInteger('port', values.port, 0),
      token: typeof values.token === 'string' ? values.token : process.env.PROVE_SERVE_TOKEN || undefined,
      operatorToken: typeof values['operator-token'] === 'string' ? values['operator-token'] : process.env.PROVE_OPERATOR_TOKEN || undefined,
      maxSessions: optionalInteger('max-sessions', values['max-sessions'], 1),
      maxSessionsPerClient: optionalInteger('max-sessions-per-client', values['max-sessions-per-client'], 1),
      idleTimeoutMs: idleSeconds === undefined ? undefined : idleSeconds * 1000,
      log: (line) => context.stderr(`prove-rl serve: ${line}\n`),
    });
    const { host } = await server.listen();
    if (!isLoopbackName(host) && !server.requiresToken) {
      context.stderr(`prove-rl serve: warning: listening on ${host} without --token; anyone who can reach this port can use the sessions\n`);
    }
    for (const domain of domains) context.stdout(`prove-rl serve: ${domain.name} at ${server.url(domain.name)}\n`);
    const base = server.url('').replace(/\/mcp\/$/, '');
    for (const route of routes) context.stdout(`prove-rl serve: ${route.method} ${base}${route.path} (${route.summary})\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await server.close();
    return 0;
  },
});
