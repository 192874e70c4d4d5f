import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { FILESYSTEM_REFERENCE_DATE, type FilesystemState } from './FilesystemState.js';
import { appendToFile, changeFileGroup, changeFileMode, changeFileOwner, copyPath, createSymlink, makeDirectory, movePath, removeEmptyDirectory, removePath, touchFile, writeFile } from './fileTools.js';
import { filesystemInvariants } from './filesystemInvariants.js';
import { filesystemPhrasings } from './filesystemPhrasings.js';
import { filesystemSamplers } from './filesystemSamplers.js';
import { filesystemScenarios } from './filesystemScenarios.js';
import {
  changeDirectory,
  checkPathAccess,
  diskFreeSpace,
  diskUsage,
  listDirectory,
  listSystemUsers,
  popDirectory,
  printWorkingDirectory,
  pushDirectory,
  readSymlink,
  resolveRealPath,
  setUmask,
  showCurrentUser,
  statPath,
  switchUser,
  treeDirectory,
} from './navigationTools.js';
import { checksumFile, countFileWords, countUniqueLines, cutFileFields, diffFiles, findPaths, grepFiles, headFile, readFile, replaceInFile, sortFileLines, tailFile } from './textTools.js';

/**
 * A POSIX shell on one Linux machine: a tree of directories, files and symlinks with owners,
 * groups and modes enforced for the session's user; a current directory, directory stack and umask
 * per session; su to other users.
 */
export const filesystemDomain = defineDomain<FilesystemState>({
  name: 'filesystem',
  title: 'Filesystem (POSIX shell)',
  category: 'productivity',
  description:
    'A Linux machine (devbox-01) driven like a POSIX shell: a tree of directories, files and symbolic links with owners, groups and ' +
    'modes (setgid project directories, a sticky /tmp) enforced for the session\'s user; a current directory, directory stack and umask per ' +
    'session; relative and absolute paths, ~, . and ..; ls, cd, pushd/popd, mkdir -p, rm -r, mv, cp -r, ln -s, touch, cat, head, tail, grep, ' +
    'find, wc, du, df, sort, uniq, cut, diff, sed -i, checksums, chmod, chown, chgrp, umask and su; a disk with a capacity.',
  tools: [
    printWorkingDirectory,
    changeDirectory,
    pushDirectory,
    popDirectory,
    listDirectory,
    treeDirectory,
    resolveRealPath,
    readSymlink,
    statPath,
    checkPathAccess,
    showCurrentUser,
    switchUser,
    listSystemUsers,
    setUmask,
    diskFreeSpace,
    diskUsage,
    makeDirectory,
    removePath,
    removeEmptyDirectory,
    movePath,
    copyPath,
    createSymlink,
    touchFile,
    writeFile,
    appendToFile,
    changeFileMode,
    changeFileOwner,
    changeFileGroup,
    readFile,
    headFile,
    tailFile,
    grepFiles,
    findPaths,
    countFileWords,
    sortFileLines,
    countUniqueLines,
    cutFileFields,
    diffFiles,
    replaceInFile,
    checksumFile,
  ],
  loadWorld: () => loadFixture<FilesystemState>('filesystem'),
  defaultReferenceDate: FILESYSTEM_REFERENCE_DATE,
  samplers: filesystemSamplers,
  invariants: filesystemInvariants,
  phrasings: filesystemPhrasings,
  scenarios: filesystemScenarios,
});

export default filesystemDomain;
