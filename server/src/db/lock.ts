import fs from "node:fs";

/**
 * PGlite allows exactly one process per data directory: a second opener gets no error and its
 * writes are silently lost. This lock file makes the second process fail loudly instead.
 */
export function acquireDirLock(lockPath: string): () => void {
  const tryCreate = () => {
    const fd = fs.openSync(lockPath, "wx");
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  };
  try {
    tryCreate();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database is already open in process ${owner} (lock ${lockPath}). ` +
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
      if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.rmSync(lockPath, { force: true });
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
