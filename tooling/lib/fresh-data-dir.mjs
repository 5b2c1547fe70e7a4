// A fresh data folder for a throwaway server (browser tests, benchmarks). A run that was killed
// can leave its embedded postmaster behind (it runs in its own process group); deleting the
// folder under it would orphan it for good, so our own leftover is stopped first.
import { existsSync, readFileSync, rmSync } from 'node:fs';

function isOurPostmaster(pid, pgDir) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(pgDir);
  } catch {
    return false;
  }
}

export async function freshDataDir(dataDir) {
  const pgDir = `${dataDir}/pg`;
  const pidFile = `${pgDir}/postmaster.pid`;
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && isOurPostmaster(pid, pgDir)) {
      process.kill(pid, 'SIGINT');
      const deadline = Date.now() + 15_000;
      while (isOurPostmaster(pid, pgDir) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}
