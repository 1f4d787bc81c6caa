#!/usr/bin/env python3
"""Start-up and idle memory of `agentls lsp`, side by side with a JVM hello-world (scripts/bench-lsp).

For each of RUNS interleaved rounds: a Java hello-world (`java -cp DIR Hello`), timed from process start to its line
on stdout; and `scripts/agentls lsp` (the launcher editors use, with its class-data archive when it matches the jar)
on a temp copy of test-workspaces/demo, timed from process start to the initialize response on stdout, the
initialize request being written at once. Then `initialized` is sent, the server is left idle IDLE seconds and its
resident memory (VmRSS) is read before shutdown and exit. Prints every round, the medians, the ratio (floor <= 4x)
and the idle RSS (floor <= 120 MB). Exit 1 when a floor is missed.

Beside the wall-clock figures, which other processes on a busy machine inflate, each round also prints CPU time: the
hello-world's whole process (user + system) and the server's on-CPU time (all its threads) at the moment its answer
was read; and one last start logs the classes loaded by the time the answer was read (-Xlog:class+load).
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAUNCHER = os.path.join(ROOT, "scripts", "agentls")
RATIO_FLOOR = 4.0
RSS_FLOOR_MB = 120


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise EOFError("the server closed stdout")
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))


def hello_seconds(work):
    """The hello-world's whole process: wall seconds and CPU seconds (user + system)."""
    start = time.perf_counter()
    proc = subprocess.Popen(["java", "-cp", work, "Hello"], stdout=subprocess.PIPE)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if b"hello" not in out or status != 0:
        sys.exit("hello-world printed %r (status %d)" % (out, status))
    return elapsed, usage.ru_utime + usage.ru_stime


def cpu_seconds(pid):
    """On-CPU time so far of every thread of a running process (schedstat, nanoseconds)."""
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
                total += int(f.read().split()[0])
        except OSError:
            pass  # a thread that ended meanwhile
    return total / 1e9


def rss_mb(pid):
    # The launcher execs java, so the pid is the JVM's.
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    return float("nan")


def lsp_round(workspace, idle, env=None):
    start = time.perf_counter()
    proc = subprocess.Popen([LAUNCHER, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)
    uri = "file://" + workspace
    proc.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                            "params": {"processId": os.getpid(), "rootUri": uri, "capabilities": {},
                                       "workspaceFolders": [{"uri": uri, "name": "demo"}]}}))
    proc.stdin.flush()
    while True:
        message = read_message(proc.stdout)
        if message.get("id") == 1:
            break
    elapsed = time.perf_counter() - start
    cpu = cpu_seconds(proc.pid)
    classes = None
    if env is not None:
        with open(env["CLASS_LOG"]) as f:
            classes = sum(1 for _ in f)
    if "result" not in message:
        sys.exit("initialize failed: %r" % message)
    proc.stdin.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    proc.stdin.flush()
    time.sleep(idle)
    rss = rss_mb(proc.pid)
    proc.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    proc.stdin.write(frame({"jsonrpc": "2.0", "method": "exit"}))
    proc.stdin.close()
    proc.stdout.read()
    proc.wait(timeout=60)
    return elapsed, rss, cpu, classes


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    idle = float(sys.argv[2]) if len(sys.argv) > 2 else 20
    work = tempfile.mkdtemp(prefix="bench-lsp-")
    try:
        with open(os.path.join(work, "Hello.java"), "w") as f:
            f.write('public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n')
        subprocess.run(["javac", "-d", work, os.path.join(work, "Hello.java")], check=True)
        workspace = os.path.join(work, "demo")
        shutil.copytree(os.path.join(ROOT, "test-workspaces", "demo"), workspace)
        hello_seconds(work)
        lsp_round(workspace, 0)  # warms the file cache (and lets the launcher make its archive if it must)
        hellos, starts, rsss, hello_cpus, start_cpus = [], [], [], [], []
        for i in range(runs):
            h, h_cpu = hello_seconds(work)
            s, rss, s_cpu, _ = lsp_round(workspace, idle)
            hellos.append(h)
            starts.append(s)
            rsss.append(rss)
            hello_cpus.append(h_cpu)
            start_cpus.append(s_cpu)
            print("round %2d: hello-world %.0f ms (CPU %.0f ms), agentls lsp to initialize answered %.0f ms (CPU %.0f"
                  " ms), idle RSS after %.0f s %.0f MB" % (i + 1, h * 1000, h_cpu * 1000, s * 1000, s_cpu * 1000,
                                                           idle, rss))
        mh, ms, mr = statistics.median(hellos), statistics.median(starts), statistics.median(rsss)
        ratio = ms / mh
        print("start-up: agentls lsp -> initialize answered median %.0f ms; JVM hello-world median %.0f ms;"
              " ratio %.2fx (floor <= %.0fx)" % (ms * 1000, mh * 1000, ratio, RATIO_FLOOR))
        mhc, msc = statistics.median(hello_cpus), statistics.median(start_cpus)
        print("CPU: agentls lsp on-CPU to the answer median %.0f ms; hello-world whole process median %.0f ms;"
              " ratio %.2fx (for a busy machine; the floor is on wall time)" % (msc * 1000, mhc * 1000, msc / mhc))
        env = dict(os.environ)
        env["CLASS_LOG"] = os.path.join(work, "classes.log")
        env["AGENTLS_JAVA_OPTS"] = (env.get("AGENTLS_JAVA_OPTS", "") + " -Xlog:class+load=info:file="
                                    + env["CLASS_LOG"]).strip()
        _, _, _, classes = lsp_round(workspace, 0, env)
        print("classes loaded by the time the initialize answer was read: %d" % classes)
        print("idle memory: median RSS %.0f MB after %.0f s idle on test-workspaces/demo (floor <= %d MB)"
              % (mr, idle, RSS_FLOOR_MB))
        print("load average %s" % " ".join("%.2f" % x for x in os.getloadavg()))
        return 0 if ratio <= RATIO_FLOOR and mr <= RSS_FLOOR_MB else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
