import fs from "node:fs";

/**
 * Who holds a lock: the pid, and where the system tells, when that process started (clock ticks since
 * boot, /proc/<pid>/stat) and which boot it was. A pid alone is not enough: after `kill -9` the pid may
 * live on as a zombie nobody reaps (PID 1 in a container often does not) or be given to another process
 * (a container restarted with the same pids).
 */
interface LockOwner {
  pid: number;
  start?: string;
  boot?: string;
}

/**
 * PGlite allows exactly one process per data directory: a second opener gets no error and its
 * writes are silently lost. This lock file makes the second process fail loudly instead. A lock left
 * by a process that is gone (killed, crashed, its pid now a zombie or reused by another program) is
 * taken over.
 */
export function acquireDirLock(lockPath: string): () => void {
  const mine = JSON.stringify(ownerOf(process.pid));
  const tryCreate = () => {
    const fd = fs.openSync(lockPath, "wx");
    fs.writeSync(fd, mine);
    fs.closeSync(fd);
  };
  try {
    tryCreate();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = parseOwner(fs.readFileSync(lockPath, "utf8"));
    if (owner && owner.pid !== process.pid && holds(owner)) {
      throw new Error(
        `The embedded database is already open in process ${owner.pid} (lock ${lockPath}). ` +
          "Only one process may use it: stop that process, or set DATABASE_URL to share a PostgreSQL server.",
      );
    }
    fs.rmSync(lockPath, { force: true });
    tryCreate();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(lockPath, "utf8") === mine) fs.rmSync(lockPath, { force: true });
    } catch {
      // already gone
    }
  };
}

function ownerOf(pid: number): LockOwner {
  const owner: LockOwner = { pid };
  const start = procStat(pid)?.start;
  if (start) owner.start = start;
  const boot = bootId();
  if (boot) owner.boot = boot;
  return owner;
}

/** The lock's owner: JSON, or a bare pid (the format written before start times were recorded). */
function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number.parseInt(trimmed, 10) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return undefined;
    return {
      pid: value.pid as number,
      ...(typeof value.start === "string" ? { start: value.start } : {}),
      ...(typeof value.boot === "string" ? { boot: value.boot } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote the lock is still running (and is still that process). */
function holds(owner: LockOwner): boolean {
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  if (fs.existsSync("/proc/self/stat")) {
    const stat = procStat(owner.pid);
    if (!stat) return false;
    // A killed process nobody has reaped yet holds nothing.
    if (stat.state === "Z" || stat.state === "X" || stat.state === "x") return false;
    // The pid now belongs to a process started at another time: not the one that wrote the lock.
    if (owner.start && stat.start !== owner.start) return false;
    return true;
  }
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** State and start time (field 22, clock ticks after boot) of a process, from /proc; undefined when gone. */
function procStat(pid: number): { state: string; start: string } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after it.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const state = fields[0];
    const start = fields[19];
    return state && start ? { state, start } : undefined;
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
