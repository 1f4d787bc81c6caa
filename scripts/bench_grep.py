"""Driver of scripts/bench-grep: pairs our warm search with rg on the same queries and prints medians.

Usage: bench_grep.py CORPUS RUNS JAR -- PROCESS_CMD...
With the server (JAR) advertising agentls.runTool, grep_search is timed through it over JSON-RPC (stdio), from
writing the request to reading the answer; count-all goes through runTool when grep_search accepts `count_all`,
else through the warm search process (PROCESS_CMD, dev.agentls.bench.GrepBench), and the table says which.
"""
import json
import os
import statistics
import subprocess
import sys
import time

corpus, runs, jar = sys.argv[1], int(sys.argv[2]), sys.argv[3]
process_cmd = sys.argv[sys.argv.index("--") + 1:]
java_opts = os.environ.get("AGENTLS_JAVA_OPTS", "").split()

# (label, our pattern, case-sensitive, rg arguments)
QUERIES = [
    ("-F ApplicationContext", "ApplicationContext", True, ["-F", "ApplicationContext"]),
    ("-F JCacheCustomCacheManager", "JCacheCustomCacheManager", True, ["-F", "JCacheCustomCacheManager"]),
    ("-i -w cache", r"\bcache\b", False, ["-i", "-w", "cache"]),
    (r"(TODO|FIXME)\b", r"(TODO|FIXME)\b", True, [r"(TODO|FIXME)\b"]),
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
    return elapsed, sum(int(line.rsplit(b":", 1)[1]) for line in out.splitlines() if line)


class Process:
    """The warm search process: one request per line."""
    name = "process"

    def __init__(self):
        self.p = subprocess.Popen(process_cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        t0 = time.perf_counter()
        ready = self.p.stdout.readline().split()
        self.describe = (f"{ready[1]} files indexed, {int(ready[2]) / 1048576:.1f} MiB of text, "
                         f"built in {ready[3]} ms (first answer after {time.perf_counter() - t0:.1f} s)")
        self.counts = True

    def grep(self, count, cs, pattern):
        start = time.perf_counter()
        self.p.stdin.write(f"{'count' if count else 'first'}\t{'cs' if cs else 'ci'}\t{pattern}\n")
        self.p.stdin.flush()
        answer = self.p.stdout.readline().split("\t")
        return time.perf_counter() - start, int(answer[2]) if count else int(answer[1])

    def close(self):
        self.p.stdin.close()
        self.p.wait()


class Server:
    """`java -jar agentls.jar lsp` over stdio, grep_search through agentls.runTool."""
    name = "runTool"

    def __init__(self):
        self.p = subprocess.Popen(["java", *java_opts, "-jar", jar, "lsp"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0
        uri = "file://" + corpus
        init = self.request("initialize", {"processId": os.getpid(), "rootUri": uri, "capabilities": {},
                                           "workspaceFolders": [{"uri": uri, "name": os.path.basename(corpus)}]})
        commands = init.get("capabilities", {}).get("executeCommandProvider", {}).get("commands", [])
        self.available = "agentls.runTool" in commands
        self.notify("initialized", {})
        self.counts = False
        if self.available:
            t0 = time.perf_counter()
            first = self.run_tool({"query": "ApplicationContext", "case_sensitive": True})
            self.describe = f"first answer (index warm) after {time.perf_counter() - t0:.1f} s"
            probe = self.run_tool({"query": "ApplicationContext", "case_sensitive": True, "count_all": True})
            self.counts = probe.get("ok") and "total" in (probe.get("data") or {})

    def send(self, message):
        body = json.dumps(message).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = 0
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        my_id = self.next_id
        self.send({"jsonrpc": "2.0", "id": my_id, "method": method, "params": params})
        while True:
            msg = self.read()
            if msg.get("id") == my_id and "method" not in msg:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result")
            if "method" in msg and "id" in msg:  # a request from the server: answer it emptily
                self.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def run_tool(self, arguments):
        return self.request("workspace/executeCommand",
                            {"command": "agentls.runTool", "arguments": [{"name": "grep_search", "arguments": arguments}]})

    def grep(self, count, cs, pattern):
        args = {"query": pattern, "case_sensitive": cs}
        if count:
            args["count_all"] = True
        start = time.perf_counter()
        answer = self.run_tool(args)
        elapsed = time.perf_counter() - start
        data = answer.get("data") or {}
        if not answer.get("ok"):
            raise RuntimeError(f"grep_search failed: {answer}")
        return elapsed, data.get("total") if count else len(data.get("matches", []))

    def close(self):
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


backends = []
if os.path.exists(jar):
    server = Server()
    if server.available:
        backends.append(server)
        print(f"server: java -jar {jar} lsp, grep_search via agentls.runTool; {server.describe}")
        print(f"server rss with the corpus indexed: {rss_kb(server.p.pid) / 1024:.0f} MiB")
    else:
        print("server: agentls.runTool is not advertised; timing the warm search process only")
        server.close()
process = Process()
print(f"process: {process.describe}")
backends.append(process)

for b in backends:  # warm-up: the JIT compiles the search loops and, in the server, the JSON-RPC and tool paths
    for _, pattern, cs, _ in QUERIES:
        for i in range(40):
            b.grep(False, cs, pattern)
            if b.counts and i % 4 == 0:
                b.grep(True, cs, pattern)

print(f"{'query':28} {'mode':8} {'via':8} {'ours ms':>8} {'rg ms':>8} {'ratio':>6} {'ours n':>7} {'rg n':>7}")
for label, pattern, cs, rg_args in QUERIES:
    for count in (False, True):
        for b in backends:
            if count and not b.counts:
                continue
            mine, theirs, n_ours, n_rg = [], [], 0, 0
            for _ in range(runs):
                t, n_ours = b.grep(count, cs, pattern)
                mine.append(t)
                t2, n_rg = rg_count(rg_args) if count else rg_first(rg_args)
                theirs.append(t2)
            m, r = statistics.median(mine), statistics.median(theirs)
            print(f"{label:28} {('count' if count else 'first-50'):8} {b.name:8} {m * 1000:8.2f} {r * 1000:8.2f} "
                  f"{m / r:6.2f} {n_ours:7} {n_rg:7}", flush=True)

for b in backends:
    print(f"{b.name} rss with the corpus indexed, after the queries: {rss_kb(b.p.pid) / 1024:.0f} MiB")
time.sleep(20)
for b in backends:
    print(f"{b.name} rss after 20 s idle: {rss_kb(b.p.pid) / 1024:.0f} MiB")
    b.close()
