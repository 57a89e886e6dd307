/**
 * The board's flash, kept in step with a folder on the host.
 *
 * At interpreter start every file of the host folder is copied into the
 * in-memory file system; `sync()` (after each command the board runs, and
 * twice a second while code runs) writes what changed back, and removes from
 * the host what the board removed. The host folder is therefore what a test
 * inspects, and what the next interpreter (after a reset) starts from.
 */
import fs from "node:fs";
import path from "node:path";

export class FlashMirror {
  constructor(hostDir) {
    this.hostDir = hostDir;
    this.files = new Map(); // relative path -> Buffer last written to the host
    this.dirs = new Set(); // relative paths of folders
    this.FS = null;
    this.root = null;
  }

  /** Copy the host folder into FS at root (an existing empty folder). */
  load(FS, root) {
    this.FS = FS;
    this.root = root;
    this.files.clear();
    this.dirs.clear();
    fs.mkdirSync(this.hostDir, { recursive: true });
    const walk = (rel) => {
      for (const entry of fs.readdirSync(path.join(this.hostDir, rel), { withFileTypes: true })) {
        const relPath = rel ? `${rel}/${entry.name}` : entry.name;
        const hostPath = path.join(this.hostDir, relPath);
        const stat = fs.statSync(hostPath, { throwIfNoEntry: false });
        if (!stat) {
          continue;
        }
        if (stat.isDirectory()) {
          FS.mkdir(`${root}/${relPath}`);
          this.dirs.add(relPath);
          walk(relPath);
        } else if (stat.isFile()) {
          const data = fs.readFileSync(hostPath);
          FS.writeFile(`${root}/${relPath}`, data);
          this.files.set(relPath, data);
        }
      }
    };
    walk("");
  }

  /** What is in the in-memory flash now: [Map of files, Set of folders]. */
  scan() {
    const files = new Map();
    const dirs = new Set();
    const walk = (rel) => {
      for (const name of this.FS.readdir(rel ? `${this.root}/${rel}` : this.root)) {
        if (name === "." || name === "..") {
          continue;
        }
        const relPath = rel ? `${rel}/${name}` : name;
        const mode = this.FS.stat(`${this.root}/${relPath}`).mode;
        if (this.FS.isDir(mode)) {
          dirs.add(relPath);
          walk(relPath);
        } else if (this.FS.isFile(mode)) {
          files.set(relPath, this.FS.readFile(`${this.root}/${relPath}`));
        }
      }
    };
    walk("");
    return [files, dirs];
  }

  /** Write to the host folder whatever changed since the last sync (removals first). */
  sync() {
    if (!this.FS) {
      return;
    }
    const [files, dirs] = this.scan();
    for (const rel of [...this.files.keys()]) {
      if (!files.has(rel)) {
        fs.rmSync(path.join(this.hostDir, rel), { force: true });
        this.files.delete(rel);
      }
    }
    for (const rel of [...this.dirs].sort().reverse()) {
      if (!dirs.has(rel)) {
        fs.rmSync(path.join(this.hostDir, rel), { recursive: true, force: true });
        this.dirs.delete(rel);
      }
    }
    for (const rel of [...dirs].sort()) {
      if (!this.dirs.has(rel)) {
        fs.mkdirSync(path.join(this.hostDir, rel), { recursive: true });
        this.dirs.add(rel);
      }
    }
    for (const [rel, data] of files) {
      const known = this.files.get(rel);
      const bytes = Buffer.from(data.buffer, data.byteOffset, data.length);
      if (!known || !known.equals(bytes)) {
        fs.writeFileSync(path.join(this.hostDir, rel), bytes);
        this.files.set(rel, Buffer.from(bytes));
      }
    }
  }
}
