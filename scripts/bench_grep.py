"""Driver of scripts/bench-grep: pairs our warm search with rg on the same queries and prints medians."""
import os
import statistics
import subprocess
import sys
import time

corpus, runs, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3:]

# (label, our pattern, case-sensitive, rg arguments)
QUERIES = [
    ("-F ApplicationContext", "ApplicationContext", "cs", ["-F", "ApplicationContext"]),
    ("-F JCacheCustomCacheManager", "JCacheCustomCacheManager", "cs", ["-F", "JCacheCustomCacheManager"]),
    ("-i -w cache", r"\bcache\b", "ci", ["-i", "-w", "cache"]),
    (r"(TODO|FIXME)\b", r"(TODO|FIXME)\b", "cs", [r"(TODO|FIXME)\b"]),
]


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def rg_first(args):
    """Wall time until rg has printed 50 matching lines (or finished), like `rg ... | head -50`."""
    start = time.perf_counter()
    p = subprocess.Popen(["rg", "--no-config", "-n", *args, corpus], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    n = 0
    for _ in p.stdout:
        n += 1
        if n == 50:
            break
    elapsed = time.perf_counter() - start
    p.kill()
    p.wait()
    return elapsed, n


def rg_count(args):
    start = time.perf_counter()
    out = subprocess.run(["rg", "--no-config", "-c", *args, corpus], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout
    elapsed = time.perf_counter() - start
    total = sum(int(line.rsplit(b":", 1)[1]) for line in out.splitlines() if line)
    return elapsed, total


server = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
ready = server.stdout.readline().split()
print(f"corpus {corpus}: {ready[1]} files indexed, {int(ready[2]) / 1048576:.1f} MiB of text, built in {ready[3]} ms")
print(f"rss after indexing: {rss_kb(server.pid) / 1024:.0f} MiB")


def ours(mode, cs, pattern):
    start = time.perf_counter()
    server.stdin.write(f"{mode}\t{cs}\t{pattern}\n")
    server.stdin.flush()
    answer = server.stdout.readline().split("\t")
    elapsed = time.perf_counter() - start
    return elapsed, int(answer[1]), int(answer[2]), float(answer[0]) / 1e9


for label, pattern, cs, _ in QUERIES:  # warm-up: the JIT compiles the search loops
    for _ in range(15):
        ours("first", cs, pattern)
        ours("count", cs, pattern)

print(f"{'query':30} {'mode':9} {'ours ms':>8} {'in-proc':>8} {'rg ms':>8} {'ratio':>6}  {'ours n':>7} {'rg n':>7}")
for label, pattern, cs, rg_args in QUERIES:
    for mode in ("first", "count"):
        mine, theirs, inproc = [], [], []
        n_ours = n_rg = 0
        for _ in range(runs):
            t, shown, total, t_in = ours(mode, cs, pattern)
            mine.append(t)
            inproc.append(t_in)
            n_ours = total if mode == "count" else shown
            t2, n_rg = rg_first(rg_args) if mode == "first" else rg_count(rg_args)
            theirs.append(t2)
        m, r = statistics.median(mine), statistics.median(theirs)
        print(f"{label:30} {('first-50' if mode == 'first' else 'count'):9} {m * 1000:8.2f} "
              f"{statistics.median(inproc) * 1000:8.2f} {r * 1000:8.2f} {m / r:6.2f}  {n_ours:7} {n_rg:7}")

print(f"rss with corpus indexed, after the queries: {rss_kb(server.pid) / 1024:.0f} MiB")
time.sleep(5)
print(f"rss after 5 s idle: {rss_kb(server.pid) / 1024:.0f} MiB")
server.stdin.close()
server.wait()
