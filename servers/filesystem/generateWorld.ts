import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import { DIRECTORY_SIZE, FILESYSTEM_REFERENCE_DATE, addDays, byteLength, type FilesystemState, type FsGroup, type FsNode, type FsUser } from './FilesystemState.js';

/**
 * Builds one Linux machine from a seed: a dozen users with their homes (documents, notes, CSV
 * exports, downloads, photos, dotfiles), shared project trees under /srv with setgid group
 * directories, system files under /etc, logs under /var/log readable by group adm, a sticky /tmp
 * and a few symlinks (one dangling). Every file's content is generated text (or a binary stand-in),
 * every timestamp before the reference date, and the disk's used bytes are the files' sizes.
 *
 * `npx tsx servers/filesystem/generateWorld.ts [seed]` writes fixtures/filesystem/world.json (seed 42).
 */

const TODAY = FILESYSTEM_REFERENCE_DATE.slice(0, 10);

const PEOPLE: Array<[string, string]> = [
  ['maya', 'Maya Chen'],
  ['ben', 'Ben Ortiz'],
  ['priya', 'Priya Nair'],
  ['omar', 'Omar Haddad'],
  ['lena', 'Lena Fischer'],
  ['jonas', 'Jonas Berg'],
  ['sofia', 'Sofia Rossi'],
  ['raj', 'Raj Patel'],
  ['elena', 'Elena Petrova'],
  ['tom', 'Tom Walker'],
  ['ade', 'Ade Okafor'],
  ['kai', 'Kai Nakamura'],
];

const TEAMS: Record<string, string[]> = {
  staff: PEOPLE.map(([name]) => name),
  dev: ['maya', 'ben', 'priya', 'omar', 'raj', 'kai'],
  design: ['lena', 'sofia', 'kai'],
  finance: ['elena', 'tom', 'maya'],
  ops: ['omar', 'ade'],
  adm: ['ade', 'maya'],
};

const PROJECTS = ['atlas', 'beacon', 'comet', 'delta'];
const TODO_ITEMS = [
  'renew the TLS certificate',
  'review the Q1 budget',
  'book the team offsite',
  'update the onboarding guide',
  'fix the flaky login test',
  'send invoices to Northwind',
  'back up the design files',
  'clean up old log files',
  'prepare the sprint demo',
  'reply to the security audit',
  'order new laptops',
  'migrate the wiki pages',
  'archive last year\'s reports',
  'rotate the database password',
  'write the release notes',
];
const TOPICS = ['roadmap', 'budget', 'hiring', 'release', 'security', 'offsite', 'customers', 'infrastructure', 'design review', 'retrospective'];
const CATEGORIES = ['travel', 'software', 'hardware', 'office', 'training', 'catering', 'hosting'];
const VENDORS = ['Northwind', 'Contoso', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Supplies', 'Acme Cloud'];
const LOG_MESSAGES = [
  'INFO server started on port 8080',
  'INFO request completed in 120 ms',
  'WARN slow query on orders table',
  'ERROR connection refused by db-1',
  'INFO cache warmed',
  'WARN disk usage above 80%',
  'ERROR timeout calling payments API',
  'INFO user login succeeded',
  'WARN retrying job sync-invoices',
  'INFO backup finished',
];

class Builder {
  readonly random: SeededRandom;
  constructor(seed: number) {
    this.random = new SeededRandom(seedRandomState(seed));
  }
  chance(p: number): boolean {
    return this.random.next() < p;
  }
  /** A time on a day `maxDaysAgo`..1 days before the reference date. */
  past(maxDaysAgo = 120, minDaysAgo = 1): string {
    const day = addDays(TODAY, -this.random.int(minDaysAgo, maxDaysAgo));
    return `${day}T${String(this.random.int(7, 19)).padStart(2, '0')}:${String(this.random.int(0, 59)).padStart(2, '0')}:00Z`;
  }
  dir(name: string, owner: string, group: string, mode: string, children: FsNode[]): FsNode {
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (let i = 1; i < children.length; i++) if (children[i].name === children[i - 1].name) children.splice(i--, 1);
    return { name, type: 'directory', owner, group, mode, modified: this.past(), size: DIRECTORY_SIZE, children };
  }
  file(name: string, owner: string, group: string, mode: string, content: string, modified = this.past()): FsNode {
    return { name, type: 'file', owner, group, mode, modified, size: byteLength(content), content };
  }
  binary(name: string, owner: string, group: string, mode: string, size: number): FsNode {
    return { name, type: 'file', owner, group, mode, modified: this.past(), size, content: null, blob: `${name}:${size}:${this.random.int(0, 1_000_000)}` };
  }
  link(name: string, owner: string, group: string, target: string): FsNode {
    return { name, type: 'symlink', owner, group, mode: '0777', modified: this.past(), size: byteLength(target), target };
  }
  pick<T>(items: readonly T[]): T {
    return this.random.pick(items);
  }
  some<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(this.random.int(0, pool.length - 1), 1)[0]);
    return out;
  }
  todo(): string {
    return `${this.some(TODO_ITEMS, this.random.int(4, 8)).map((item) => `- [${this.chance(0.3) ? 'x' : ' '}] ${item}`).join('\n')}\n`;
  }
  notes(owner: string, topic: string, day: string): string {
    const people = this.some(PEOPLE.map(([, full]) => full.split(' ')[0]), 3);
    return (
      `# ${topic[0].toUpperCase()}${topic.slice(1)} meeting, ${day}\n\nAttendees: ${people.join(', ')}\n\n## Notes\n` +
      `${this.some(TODO_ITEMS, 3).map((item) => `- discussed how to ${item}`).join('\n')}\n\n## Action items\n` +
      `${this.some(TODO_ITEMS, 2).map((item, i) => `- ${i === 0 ? owner : people[0].toLowerCase()}: ${item}`).join('\n')}\n`
    );
  }
  expenses(rows: number): string {
    const lines = ['date,category,vendor,amount'];
    for (let i = 0; i < rows; i++) lines.push(`${addDays(TODAY, -this.random.int(1, 90))},${this.pick(CATEGORIES)},${this.pick(VENDORS)},${this.random.int(12, 2400)}.${String(this.random.int(0, 99)).padStart(2, '0')}`);
    return `${[lines[0], ...lines.slice(1).sort()].join('\n')}\n`;
  }
  log(lines: number, service: string): string {
    const out: string[] = [];
    let day = addDays(TODAY, -6);
    let seconds = 6 * 3600;
    for (let i = 0; i < lines; i++) {
      seconds += this.random.int(30, 2400);
      if (seconds >= 86_400) {
        seconds -= 86_400;
        day = addDays(day, 1);
      }
      const time = `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
      out.push(`${day}T${time}Z ${service} ${this.pick(LOG_MESSAGES)}`);
    }
    return `${out.join('\n')}\n`;
  }
  python(module: string): string {
    return `"""${module}: part of the service."""\n\nimport json\n\n\ndef load(path):\n    # TODO: handle missing files\n    with open(path) as f:\n        return json.load(f)\n\n\ndef ${module}_total(items):\n    return sum(item["amount"] for item in items)\n`;
  }
}

function user(name: string, uid: number, full: string, groups: string[], password: string): FsUser {
  return { name, uid, full_name: full, primary_group: groups[0], groups, home: name === 'root' ? '/root' : `/home/${name}`, shell: '/bin/bash', password };
}

export function generateWorld(seed: number): FilesystemState {
  const b = new Builder(seed);
  const users: Record<string, FsUser> = {};
  const groups: Record<string, FsGroup> = {};
  const passwordWords = ['harbor', 'maple', 'violet', 'granite', 'comet', 'saffron', 'willow', 'cobalt', 'ember', 'juniper', 'tundra', 'quartz', 'meadow'];
  users.root = user('root', 0, 'root', ['root'], `${b.pick(passwordWords)}-${b.random.int(100, 999)}-root`);
  groups.root = { name: 'root', gid: 0, members: ['root'] };
  PEOPLE.forEach(([name, full], i) => {
    const extra = Object.keys(TEAMS).filter((team) => TEAMS[team].includes(name));
    users[name] = user(name, 1000 + i, full, [name, ...extra], `${b.pick(passwordWords)}${b.random.int(10, 99)}`);
    groups[name] = { name, gid: 1000 + i, members: [name] };
  });
  Object.keys(TEAMS).forEach((team, i) => (groups[team] = { name: team, gid: 2000 + i, members: TEAMS[team].slice() }));
  groups.adm.members.unshift('root');
  users.root.groups.push('adm');

  const homes: FsNode[] = PEOPLE.map(([name, full]) => {
    const mode = b.pick(['0750', '0755', '0700', '0750']);
    const docs: FsNode[] = [b.file('todo.txt', name, name, '0644', b.todo())];
    for (let k = 0; k < b.random.int(2, 4); k++) {
      const day = addDays(TODAY, -b.random.int(2, 80));
      docs.push(b.file(`meeting-notes-${day}.md`, name, name, '0644', b.notes(name, b.pick(TOPICS), day), `${day}T17:30:00Z`));
    }
    docs.push(b.file('expenses.csv', name, name, '0640', b.expenses(b.random.int(6, 18))));
    if (b.chance(0.6)) docs.push(b.binary(`report-${addDays(TODAY, -b.random.int(10, 200)).slice(0, 7)}.pdf`, name, name, '0644', b.random.int(40_000, 900_000)));
    if (b.chance(0.5)) docs.push(b.file('ideas.md', name, name, '0600', `# Ideas\n\n${b.some(TOPICS, 3).map((t) => `- something about ${t}`).join('\n')}\n`));
    const downloads: FsNode[] = b.some(['invoice-1042.pdf', 'setup.sh', 'dataset.zip', 'slides.pptx', 'photo-export.zip', 'manual.pdf', 'installer.deb'], b.random.int(1, 4)).map((file) =>
      file.endsWith('.sh') ? b.file(file, name, name, '0755', '#!/bin/sh\nset -e\necho "installing tools"\nmkdir -p "$HOME/bin"\n') : b.binary(file, name, name, '0644', b.random.int(5_000, 4_000_000)),
    );
    const pictures: FsNode[] = Array.from({ length: b.random.int(0, 4) }, (_, k) => b.binary(`IMG_${2000 + b.random.int(0, 7000) + k}.jpg`, name, name, '0644', b.random.int(200_000, 3_000_000)));
    const children: FsNode[] = [
      b.file('.bashrc', name, name, '0644', `# ~/.bashrc of ${full}\nexport EDITOR=vim\nalias ll='ls -l'\nalias gs='git status'\n`),
      b.file('.profile', name, name, '0644', 'if [ -f ~/.bashrc ]; then . ~/.bashrc; fi\n'),
      b.dir('Documents', name, name, '0755', docs),
      b.dir('Downloads', name, name, '0755', downloads),
    ];
    if (pictures.length > 0) children.push(b.dir('Pictures', name, name, '0755', pictures));
    if (b.chance(0.5)) children.push(b.dir('.ssh', name, name, '0700', [b.file('authorized_keys', name, name, '0600', `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${b.random.int(100000, 999999)} ${name}@laptop\n`)]));
    if (TEAMS.dev.includes(name)) children.push(b.link('current-project', name, name, `/srv/projects/${b.pick(PROJECTS)}`));
    if (name !== 'maya' && b.chance(0.6)) children.push(b.link('shared', name, name, '/srv/shared'));
    if (b.chance(0.4)) children.push(b.link('todo', name, name, 'Documents/todo.txt'));
    if (b.chance(0.5)) children.push(b.dir(b.pick(['Desktop', 'tmp', 'old']), name, name, '0755', []));
    if (name === 'maya') {
      children.push(b.link('shared', name, name, '/srv/shared'));
      children.push(b.dir('old-drafts', name, name, '0755', []), b.dir('Videos', name, name, '0755', []));
      children.push(b.dir('scripts', name, name, '0755', [b.file('backup.sh', name, name, '0750', '#!/bin/bash\n# nightly backup of Documents\ntar czf /tmp/maya-docs.tgz ~/Documents\necho "backup done"\n'), b.file('cleanup.sh', name, name, '0755', '#!/bin/bash\nfind /tmp -user maya -mtime +7 -delete\n')]));
      children.push(b.dir('archive', name, name, '0755', [b.dir('2025', name, name, '0755', [b.file('q4-summary.md', name, name, '0644', '# Q4 2025 summary\n\nRevenue grew 12%.\nHiring: 3 engineers.\n'), b.file('expenses-2025.csv', name, name, '0640', b.expenses(12))])]));
    }
    if (name === 'ben') children.push(b.link('old-report', name, name, '/home/ben/Documents/report-2025-01.pdf'));
    return b.dir(name, name, name, mode, children);
  });

  const projects = PROJECTS.map((project) => {
    const owner = b.pick(TEAMS.dev);
    const src = ['main', 'utils', 'billing', 'api'].slice(0, b.random.int(2, 4)).map((module) => b.file(`${module}.py`, b.pick(TEAMS.dev), 'dev', '0664', b.python(module)));
    return b.dir(project, owner, 'dev', '2775', [
      b.file('README.md', owner, 'dev', '0664', `# ${project[0].toUpperCase()}${project.slice(1)}\n\nOwner: ${owner}\nStatus: ${b.pick(['active', 'in review', 'maintenance'])}\n\nRun \`make test\` before pushing.\n`),
      b.file('CHANGELOG.md', owner, 'dev', '0664', `# Changelog\n\n${Array.from({ length: b.random.int(3, 6) }, (_, i) => `## 1.${5 - i}.0 - ${addDays(TODAY, -20 * (i + 1))}\n- ${b.pick(TODO_ITEMS)}`).join('\n\n')}\n`),
      b.dir('src', owner, 'dev', '2775', src),
      b.dir('docs', owner, 'dev', '2775', [b.file('design.md', owner, 'dev', '0664', b.notes(owner, 'design review', addDays(TODAY, -b.random.int(5, 60))))]),
      b.dir('data', owner, 'dev', '2775', [b.file('metrics.csv', owner, 'dev', '0664', b.expenses(b.random.int(8, 20)))]),
      b.dir('build', owner, 'dev', '2775', []),
      b.link('docs-latest', owner, 'dev', 'docs/design.md'),
      b.file('.env', owner, 'dev', '0660', `DATABASE_URL=postgres://${project}@db-1/${project}\nAPI_KEY=${b.random.int(100000, 999999)}\n`),
    ]);
  });

  const invoices = Array.from({ length: 8 }, (_, i) => {
    const vendor = b.pick(VENDORS);
    return b.file(`invoice-${2031 + i}-${vendor.toLowerCase().replace(/ /g, '-')}.csv`, b.pick(TEAMS.finance), 'finance', '0660', `item,quantity,unit_price\n${Array.from({ length: b.random.int(2, 5) }, () => `${b.pick(CATEGORIES)},${b.random.int(1, 12)},${b.random.int(10, 900)}.00`).join('\n')}\n`);
  });

  const passwd = `${Object.values(users).map((u) => `${u.name}:x:${u.uid}:${groups[u.primary_group].gid}:${u.full_name}:${u.home}:${u.shell}`).join('\n')}\n`;
  const groupFile = `${Object.values(groups).map((g) => `${g.name}:x:${g.gid}:${g.members.join(',')}`).join('\n')}\n`;

  const tmpOwners = b.some(PEOPLE.map(([name]) => name), 4);
  const root = b.dir('', 'root', 'root', '0755', [
    b.dir('bin', 'root', 'root', '0755', ['bash', 'ls', 'cat', 'grep', 'tar', 'python3'].map((tool) => ({ ...b.binary(tool, 'root', 'root', '0755', b.random.int(30_000, 1_200_000)) }))),
    b.dir('etc', 'root', 'root', '0755', [
      b.file('hostname', 'root', 'root', '0644', 'devbox-01\n'),
      b.file('hosts', 'root', 'root', '0644', '127.0.0.1 localhost\n10.0.0.5 db-1\n10.0.0.6 cache-1\n10.0.0.7 files-1\n'),
      b.file('passwd', 'root', 'root', '0644', passwd),
      b.file('group', 'root', 'root', '0644', groupFile),
      b.file('shadow', 'root', 'root', '0600', `${Object.values(users).map((u) => `${u.name}:$6$${u.uid}$hashed:19800:0:99999:7:::`).join('\n')}\n`),
      b.file('crontab', 'root', 'root', '0644', '# m h dom mon dow user command\n0 2 * * * root /opt/tools/rotate-logs.sh\n30 3 * * * maya /home/maya/scripts/backup.sh\n'),
      b.dir('nginx', 'root', 'root', '0755', [b.file('nginx.conf', 'root', 'root', '0644', 'worker_processes 4;\nevents { worker_connections 1024; }\nhttp {\n  server { listen 80; server_name devbox-01; root /srv/www; }\n}\n')]),
      b.dir('ssh', 'root', 'root', '0755', [b.file('sshd_config', 'root', 'root', '0644', 'Port 22\nPermitRootLogin no\nPasswordAuthentication no\n')]),
    ]),
    b.dir('home', 'root', 'root', '0755', homes),
    b.dir('root', 'root', 'root', '0700', [b.file('.bashrc', 'root', 'root', '0644', 'export PS1="# "\n'), b.file('notes.txt', 'root', 'root', '0600', 'db-1 maintenance window: Sunday 02:00\n')]),
    b.dir('srv', 'root', 'root', '0755', [
      b.dir('projects', 'root', 'dev', '2775', projects),
      b.dir('shared', 'root', 'staff', '2775', [
        b.file('handbook.md', 'ade', 'staff', '0664', '# Employee handbook\n\n## Working hours\nCore hours are 10:00-16:00.\n\n## Expenses\nSubmit receipts within 30 days.\n\n## Security\nLock your screen. Never share passwords.\n'),
        b.file('holidays.csv', 'ade', 'staff', '0664', `date,holiday\n2026-01-01,New Year\n2026-04-03,Good Friday\n2026-05-01,Labour Day\n2026-12-25,Christmas\n2026-12-26,Boxing Day\n`),
        b.file('phone-list.txt', 'ade', 'staff', '0664', `${PEOPLE.map(([name, full], i) => `${full}\t${name}\text. ${200 + i}`).join('\n')}\n`),
        b.dir('templates', 'ade', 'staff', '2775', [b.file('invoice-template.csv', 'elena', 'staff', '0664', 'item,quantity,unit_price\n'), b.file('meeting-template.md', 'ade', 'staff', '0664', '# Meeting, DATE\n\nAttendees:\n\n## Notes\n\n## Action items\n')]),
      ]),
      b.dir('finance', 'root', 'finance', '2770', [b.dir('invoices', 'elena', 'finance', '2770', invoices), b.file('budget-2026.csv', 'elena', 'finance', '0660', b.expenses(24))]),
      b.dir('design', 'lena', 'design', '2775', [b.binary('logo.svg', 'lena', 'design', '0664', 18_400), b.binary('brand-guide.pdf', 'sofia', 'design', '0664', 2_400_000), b.file('palette.txt', 'lena', 'design', '0664', 'primary #1d4ed8\nsecondary #f59e0b\nbackground #f8fafc\n')]),
    ]),
    b.dir('tmp', 'root', 'root', '1777', tmpOwners.map((owner, i) => b.file(`${owner}-scratch-${i + 1}.txt`, owner, owner, '0644', `scratch notes of ${owner}\n${b.pick(TODO_ITEMS)}\n`))),
    b.dir('opt', 'root', 'root', '0755', [b.dir('tools', 'root', 'ops', '2775', [b.file('rotate-logs.sh', 'omar', 'ops', '0775', '#!/bin/bash\nfor f in /var/log/*.log; do mv "$f" "$f.1"; done\n'), b.file('deploy.sh', 'ade', 'ops', '0775', '#!/bin/bash\nset -e\ncd /srv/projects/atlas && make deploy\n')])]),
    b.dir('var', 'root', 'root', '0755', [
      b.dir('log', 'root', 'root', '0755', [
        b.file('syslog', 'root', 'adm', '0640', b.log(60, 'kernel')),
        b.file('auth.log', 'root', 'adm', '0640', b.log(40, 'sshd')),
        b.file('app.log', 'omar', 'ops', '0664', b.log(80, 'app')),
        b.dir('nginx', 'root', 'adm', '0750', [b.file('access.log', 'root', 'adm', '0640', b.log(50, 'nginx')), b.file('error.log', 'root', 'adm', '0640', b.log(12, 'nginx'))]),
        b.link('latest', 'root', 'root', 'app.log'),
      ]),
      b.dir('backups', 'root', 'root', '0700', [b.binary('db-1.sql.gz', 'root', 'root', '0600', 48_000_000)]),
    ]),
  ]);

  let used = 0;
  const sum = (node: FsNode) => {
    if (node.type === 'file') used += node.size;
    for (const child of node.children ?? []) sum(child);
  };
  sum(root);
  return {
    hostname: 'devbox-01',
    users,
    groups,
    disk: { capacity_bytes: 256_000_000, used_bytes: used },
    session: { user: 'maya', cwd: '/home/maya', previous_cwd: null, stack: [], umask: '0022' },
    root,
  };
}

export const renderWorld = (seed: number): string => `${JSON.stringify(generateWorld(seed), null, 1)}\n`;

runWorldGenerator(import.meta.url, 'filesystem', renderWorld);
