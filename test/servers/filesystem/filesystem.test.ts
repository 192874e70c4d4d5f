import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesystemDomain } from '../../../servers/filesystem/FilesystemDomain.js';
import { applyModeSpec } from '../../../servers/filesystem/fileTools.js';
import { generateWorld, renderWorld } from '../../../servers/filesystem/generateWorld.js';
import { filesystemInvariants } from '../../../servers/filesystem/filesystemInvariants.js';
import { domainRuntime, type DomainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { REPO_ROOT } from '../../support/project.js';
import { refused } from '../support/domainCalls.js';

const runtime = domainRuntime(filesystemDomain) as DomainRuntime<unknown>;
const ROOT_PASSWORD = 'tundra-189-root';

function call(session: DomainSession<unknown>, tool: string, args: Record<string, unknown>): any {
  const outcome = session.call(tool, args);
  if (!outcome.ok) throw new Error(`${tool} failed: ${outcome.error.message}`);
  return outcome.result;
}

describe('filesystem: world, rules and refusals', () => {
  it('the committed world is generateWorld(42), byte for byte; another seed gives another world that keeps every invariant', () => {
    expect(readFileSync(join(REPO_ROOT, 'fixtures', 'filesystem', 'world.json'), 'utf8')).to.equal(renderWorld(42));
    const other = generateWorld(7);
    expect(JSON.stringify(other)).to.not.equal(JSON.stringify(generateWorld(42)));
    for (const invariant of filesystemInvariants) expect(invariant.check(other, other), invariant.name).to.equal(undefined);
    expect(filesystemDomain.tools).to.have.length(40);
  });

  it('moving a directory that holds the current directory takes the session along; rm -r of it is refused', () => {
    const session = runtime.openSession();
    call(session, 'make_directory', { directory_path: '~/work/notes', parents: true });
    call(session, 'change_directory', { path: '~/work/notes' });
    call(session, 'push_directory', { path: '/tmp' });
    call(session, 'pop_directory', {});
    refused(session, 'remove_path', { path: '~/work', recursive: true }, 'current directory', 'change_directory');
    call(session, 'move_path', { from_path: '/home/maya/work', to_path: '/home/maya/Documents' });
    expect(call(session, 'print_working_directory', {}).path).to.equal('/home/maya/Documents/work/notes');
    expect(call(session, 'change_directory', { path: '..' }).cwd).to.equal('/home/maya/Documents/work');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('setgid directories hand their group to new directories; the umask shapes new modes', () => {
    const session = runtime.openSession();
    const made = call(session, 'make_directory', { directory_path: '/srv/projects/delta/tools' });
    expect(made.created).to.deep.equal(['/srv/projects/delta/tools']);
    expect(call(session, 'stat_path', { path: '/srv/projects/delta/tools' })).to.include({ group: 'dev', mode: '2755', owner: 'maya' });
    call(session, 'set_umask', { umask: '077' });
    call(session, 'write_file', { path: '~/secret.txt', text: 'x' });
    expect(call(session, 'stat_path', { path: '~/secret.txt' })).to.include({ mode: '0600', permissions: '-rw-------' });
  });

  it('symlink loops, dangling links and symbolic modes behave as on Linux', () => {
    const session = runtime.openSession();
    call(session, 'create_symlink', { target_path: 'b', link_path: '~/a' });
    const made = call(session, 'create_symlink', { target_path: 'a', link_path: '~/b' });
    expect(made.dangling, 'a loop resolves to nothing').to.equal(true);
    refused(session, 'read_file', { path: '~/a' }, 'too many levels of symbolic links');
    expect(call(session, 'create_symlink', { target_path: '/nowhere/file', link_path: '~/dangling' }).dangling).to.equal(true);
    expect(call(session, 'read_symlink', { path: '~/dangling' }).resolves_to).to.equal(null);
    expect(applyModeSpec(0o644, 'u+x,g-r', false)).to.equal(0o704);
    expect(applyModeSpec(0o2775, '750', true)).to.equal(0o2750);
    expect(applyModeSpec(0o600, 'a+X', false)).to.equal(0o600);
    expect(applyModeSpec(0o700, 'go=rX', true)).to.equal(0o755);
  });

  it('a full disk refuses the copy that does not fit and keeps the one that did', () => {
    const session = runtime.openSession();
    call(session, 'switch_user', { username: 'root', password: ROOT_PASSWORD });
    call(session, 'copy_path', { from_path: '/var/backups/db-1.sql.gz', to_path: '/var/backups/db-1.copy.gz' });
    const df = call(session, 'disk_free_space', {});
    expect(df.available_bytes).to.equal(80_791_989 - 48_000_000);
    refused(session, 'copy_path', { from_path: '/var/backups/db-1.sql.gz', to_path: '/var/backups/db-1.copy2.gz' }, 'no space left on device');
    expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
  });

  it('prototype names are plain not-found answers for paths, users and groups, and change nothing', () => {
    const session = runtime.openSession();
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      refused(session, 'stat_path', { path: name }, 'no such file');
      refused(session, 'list_directory', { path: `~${name}` }, 'no user named');
      refused(session, 'switch_user', { username: name, password: 'x' }, 'does not exist');
      refused(session, 'change_file_group', { path: '~/Documents/todo.txt', group: name }, 'invalid group');
      refused(session, 'list_system_users', { group: name }, 'no group');
    }
    call(session, 'switch_user', { username: 'root', password: ROOT_PASSWORD });
    for (const name of ['__proto__', 'constructor']) refused(session, 'change_file_owner', { path: '/tmp', owner: name }, 'invalid user');
  });
});
