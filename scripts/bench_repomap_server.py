#!/usr/bin/env python3
"""Memory and time of the real `agentls lsp` process while it builds a session's repo map (scripts/bench-repomap).

For each of RUNS runs: starts `scripts/agentls lsp` (the launcher editors use, with the server's JVM flags; it execs
java, so the pid is the JVM's), sends initialize with CORPUS as the only workspace folder, then initialized, and reads
the server's stderr until the repo map logs that it is built ("repo map built: ..."). Meanwhile VmRSS is read from
/proc every 100 ms; the kernel's own high-water mark (VmHWM) is read at the end, so a peak between two samples is not
missed. Three seconds after the map is built (the index's and the map's garbage collected), the session is shut
down. Prints each run (time from initialized to the map built, the process's CPU time by then, sampled peak RSS,
VmHWM, RSS when done) and the medians with the load average.
Usage: bench_repomap_server.py CORPUS [RUNS] [TIMEOUT_SECONDS]
"""
import json
import os
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAUNCHER = os.path.join(ROOT, "scripts", "agentls")
TICKS = os.sysconf("SC_CLK_TCK")


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def status_kb(pid, key):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def one_run(corpus, timeout):
    proc = subprocess.Popen([LAUNCHER, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    built = threading.Event()
    log = []

    def read_stderr():
        for raw in proc.stderr:
            line = raw.decode(errors="replace")
            log.append(line)
            if "repo map built:" in line:
                built.set()

    def drain_stdout():
        while proc.stdout.read(65536):
            pass

    samples = []
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            rss = status_kb(proc.pid, "VmRSS")
            if rss:
                samples.append(rss)
            time.sleep(0.1)

    for target in (read_stderr, drain_stdout, sample):
        threading.Thread(target=target, daemon=True).start()
    uri = "file://" + corpus
    proc.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                            "params": {"processId": os.getpid(), "rootUri": uri, "capabilities": {},
                                       "workspaceFolders": [{"uri": uri, "name": os.path.basename(corpus)}]}}))
    proc.stdin.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    proc.stdin.flush()
    start = time.perf_counter()
    if not built.wait(timeout):
        proc.kill()
        sys.exit("the repo map was not built within %d s; server log:\n%s" % (timeout, "".join(log[-20:])))
    wall = time.perf_counter() - start
    cpu = cpu_seconds(proc.pid)
    time.sleep(3)
    stop.set()
    rss_end = status_kb(proc.pid, "VmRSS")
    hwm = status_kb(proc.pid, "VmHWM")
    proc.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    proc.stdin.write(frame({"jsonrpc": "2.0", "method": "exit"}))
    proc.stdin.close()
    proc.wait(timeout=60)
    line = next(l for l in log if "repo map built:" in l).strip()
    return {"map_built_s": wall, "cpu_s": cpu, "peak_rss_sampled_mb": max(samples) / 1024, "vm_hwm_mb": hwm / 1024,
            "rss_after_mb": rss_end / 1024, "samples": len(samples), "log": line}


def main():
    corpus = os.path.realpath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    timeout = int(sys.argv[3]) if len(sys.argv) > 3 else 600
    print("server: %s lsp, AGENTLS_JAVA_OPTS=%r, corpus %s"
          % (LAUNCHER, os.environ.get("AGENTLS_JAVA_OPTS", ""), corpus))
    print("load before: %s" % " ".join("%.2f" % x for x in os.getloadavg()))
    results = []
    for i in range(runs):
        r = one_run(corpus, timeout)
        results.append(r)
        print("run %d: map built %.1f s after initialized (process CPU %.1f s), peak RSS sampled %.0f MB"
              " (%d samples), VmHWM %.0f MB, RSS 3 s later %.0f MB; %s"
              % (i + 1, r["map_built_s"], r["cpu_s"], r["peak_rss_sampled_mb"], r["samples"], r["vm_hwm_mb"],
                 r["rss_after_mb"], r["log"]))
    med = {k: statistics.median(r[k] for r in results)
           for k in ("map_built_s", "cpu_s", "peak_rss_sampled_mb", "vm_hwm_mb", "rss_after_mb")}
    print("median: map_built_s=%.1f cpu_s=%.1f peak_rss_sampled_mb=%.0f vm_hwm_mb=%.0f rss_after_mb=%.0f"
          % (med["map_built_s"], med["cpu_s"], med["peak_rss_sampled_mb"], med["vm_hwm_mb"], med["rss_after_mb"]))
    print("load after: %s" % " ".join("%.2f" % x for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
