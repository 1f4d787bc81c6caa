#!/usr/bin/env python3
"""Start-up of `agentls run`, side by side with a JVM hello-world (scripts/bench-agent startup).

Times, for each of RUNS interleaved rounds, from process start to the first line on stdout: a Java hello-world
(`java -cp DIR Hello`, printing one line), and `java -jar agentls.jar run --json ...` on a temp copy of
test-workspaces/demo against `agentls replay-model` on loopback (started once, answering each run at once with a
text answer), whose first line is the `run_started` event; then the same through `scripts/agentls run` (the
launcher, with its class-data archive when it matches the jar), and `scripts/agentls run --mode ask` (the mode is
known at once, so run_started comes before the first request). Prints every round with the load, the medians and
their ratio (no floor: a model's first token dwarfs it, so it is reported, not held), the CPU time of the whole hello-world and launcher runs
(load does not inflate it), then where the time goes: classes loaded by each (-Xlog:class+load; those before
run_started), and the same run with an AppCDS archive of agentls's classes (-XX:ArchiveClassesAtExit, then
-XX:SharedArchiveFile). With AGENTLS_BENCH_BASELINE_JAR=JAR, also an A/B of that jar (another build, e.g. main's)
against this one, each with an archive of its own run's classes (wall and whole-process CPU). Before the rounds it
says whether the launcher's archive is used (scripts/bench-agent makes a fresh one first), and which classes loaded
before run_started did not come from it. Also counts the classes of okhttp (okhttp3., okio., kotlin.), of the
JDK's security providers (sun.security.) and of java.util.logging loaded before run_started: okhttp's may load
before it (the client is built then), TLS's should not for a model on http://, and the model client's log is made
later.
Then the time from process start to the first request reaching the model (a loopback listener in this script
that notes the request's arrival and answers with one short text), through the launcher.
Exit 1 only when a run does not start.
"""
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAR = os.path.join(ROOT, "server", "target", "agentls.jar")


def first_line_seconds(cmd, expect=None, cpu=None):
    """Seconds from process start to its first line on stdout; appends the whole process's CPU seconds (user +
    system, from its rusage: a measure of the work done that the machine's load does not inflate) to cpu."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    line = proc.stdout.readline().decode("utf-8", "replace")
    elapsed = time.perf_counter() - start
    proc.stdout.read()
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    if cpu is not None:
        cpu.append(usage.ru_utime + usage.ru_stime)
    if expect and expect not in line:
        sys.exit("unexpected first line from %s: %r" % (cmd[:4], line))
    return elapsed


class FirstRequestModel(http.server.ThreadingHTTPServer):
    """A loopback model that notes when each request's headers have arrived and answers with one short text."""

    def __init__(self):
        self.arrived = None
        self.seen = threading.Event()
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                if not outer.seen.is_set():
                    outer.arrived = time.perf_counter()
                    outer.seen.set()
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                chunk = {"choices": [{"index": 0, "delta": {"content": "Hello."}, "finish_reason": "stop"}]}
                body = ("data: " + json.dumps(chunk) + "\n\ndata: [DONE]\n\n").encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)

    def to_first_request(self, cmd):
        """Seconds from starting cmd to its first request's arrival here; cmd is then run to its end."""
        self.arrived = None
        self.seen.clear()
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        if not self.seen.is_set():
            sys.exit("no request reached the model from %s (exit %d)" % (cmd[:4], proc.returncode))
        return self.arrived - start


def launcher_archive(launched, work):
    """Whether scripts/agentls runs with its class-data archive, and the classes loaded before run_started that did
    not come from it (JDK 17 cannot archive lambda forms spun at run time, nor classes a loader defines itself)."""
    log = os.path.join(work, "launcher-classes.log")
    env = dict(os.environ, AGENTLS_JAVA_OPTS=(os.environ.get("AGENTLS_JAVA_OPTS", "") + " -Xlog:class+load:file="
                                              + log).strip())
    subprocess.run(launched, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, env=env)
    lines = open(log).read().splitlines()
    end = next((i for i, l in enumerate(lines) if " dev.agentls.agent.AgentEventJson " in l), len(lines))
    before = lines[:end]
    used = any(" dev.agentls.cli.Main source: shared objects file" in l for l in before)
    outside = [l.split(" source: ")[0].split()[-1] + " (" + l.split(" source: ")[1] + ")" for l in before
               if "shared objects file" not in l]
    return used, len(before), outside


def loaded_families(lines):
    """How many classes of the HTTP client's families a class+load log names: okhttp's (okhttp3., okio., kotlin.),
    the JDK's security providers (sun.security.) and java.util.logging's."""
    names = [l.split(" source: ")[0].split()[-1] for l in lines if " source: " in l]
    counts = [(p, sum(1 for n in names if n.startswith(p))) for p in ("okhttp3.", "okio.", "kotlin.", "sun.security.",
                                                                   "java.util.logging.")]
    return ", ".join("%d %s*" % (n, p) for p, n in counts)


def transcript(path, answers):
    with open(path, "w") as f:
        f.write("# bench-agent: REPLAY answers, each a short text answer that completes a run\n")
        for i in range(answers):
            f.write(json.dumps({"type": "response"}) + "\n")
            chunk = {"choices": [{"index": 0, "delta": {"content": "Hello."}, "finish_reason": None}]}
            f.write(json.dumps({"type": "sse", "data": chunk}) + "\n")
            end = {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
            f.write(json.dumps({"type": "sse", "data": end}) + "\n")
            f.write(json.dumps({"type": "raw", "text": "data: [DONE]\n\n"}) + "\n")


def run_path_archive(work, jar, agent, name):
    """`java` options using an archive of the classes one run of this jar loads (the same recipe for both sides)."""
    classes = os.path.join(work, name + ".classlist")
    jsa = os.path.join(work, name + ".jsa")
    cmd = ["java", "-XX:DumpLoadedClassList=" + classes, "-jar", jar] + agent[3:]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["java", "-Xshare:dump", "-XX:SharedClassListFile=" + classes, "-XX:SharedArchiveFile=" + jsa,
                    "-jar", jar], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return ["java", "-XX:SharedArchiveFile=" + jsa, "-Xlog:disable", "-jar", jar] + agent[3:]


def ab(work, baseline, agent, hello, runs):
    """AGENTLS_BENCH_BASELINE_JAR=JAR: that jar (another build, e.g. main's) against this one, each with an archive of
    its own run's classes, interleaved with the hello-world in the same rounds."""
    base = run_path_archive(work, baseline, agent, "baseline")
    this = run_path_archive(work, JAR, agent, "this")
    hellos, bases, theirs = [], [], []
    base_cpu, this_cpu = [], []
    for _ in range(runs):
        hellos.append(first_line_seconds(hello, "hello"))
        bases.append(first_line_seconds(base, "run_started", base_cpu))
        theirs.append(first_line_seconds(this, "run_started", this_cpu))
    mh, mb, mt = statistics.median(hellos), statistics.median(bases), statistics.median(theirs)
    print("A/B (each with its own run-path archive, %d interleaved rounds): baseline %s median %.0f ms (%.2fx), CPU"
          " %.0f ms; this build median %.0f ms (%.2fx), CPU %.0f ms; hello-world median %.0f ms; load average %s"
          % (runs, baseline, mb * 1000, mb / mh, statistics.median(base_cpu) * 1000, mt * 1000, mt / mh,
             statistics.median(this_cpu) * 1000, mh * 1000, " ".join("%.2f" % x for x in os.getloadavg())))


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    work = tempfile.mkdtemp(prefix="bench-agent-")
    replay = None
    try:
        with open(os.path.join(work, "Hello.java"), "w") as f:
            f.write('public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n')
        subprocess.run(["javac", "-d", work, os.path.join(work, "Hello.java")], check=True)
        workspace = os.path.join(work, "ws")
        shutil.copytree(os.path.join(ROOT, "test-workspaces", "demo"), workspace)
        script = os.path.join(work, "answers.jsonl")
        transcript(script, 8 * runs + 30)
        replay = subprocess.Popen(["java", "-jar", JAR, "replay-model", "--script", script, "--port", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        base = None
        while base is None:
            line = replay.stdout.readline().decode()
            if not line:
                sys.exit("replay-model did not start")
            m = re.match(r"listening on (http://127\.0\.0\.1:\d+)", line)
            base = m.group(1) if m else None
        hello = ["java", "-cp", work, "Hello"]
        agent = ["java", "-jar", JAR, "run", "--workspace", workspace, "--prompt", "Say hello", "--json",
                 "--approve", "deny", "--base-url", base + "/v1", "--model", "bench"]
        launched = [os.path.join(ROOT, "scripts", "agentls")] + agent[3:]
        for _ in range(2):  # warm the file cache for all three
            first_line_seconds(hello, "hello")
            first_line_seconds(agent, "run_started")
            first_line_seconds(launched, "run_started")
        used, before, outside = launcher_archive(launched, work)
        print("launcher's class-data archive: %s; %d classes loaded before run_started, %d not from the archive%s"
              % ("USED" if used else "NOT USED (stale or missing: the figures below are without it)", before,
                 len(outside), (": " + ", ".join(outside)) if outside else ""))
        # --mode ask: the mode is known before any answer, so run_started comes before the first request.
        asking = launched + ["--mode", "ask"]
        hellos, agents, launches, asks = [], [], [], []
        hello_cpu, launch_cpu = [], []
        for i in range(runs):
            h = first_line_seconds(hello, "hello", hello_cpu)
            a = first_line_seconds(agent, "run_started")
            l = first_line_seconds(launched, "run_started", launch_cpu)
            k = first_line_seconds(asking, "run_started")
            hellos.append(h)
            agents.append(a)
            launches.append(l)
            asks.append(k)
            print("round %2d: hello-world %.0f ms, java -jar agentls.jar run to run_started %.0f ms, scripts/agentls"
                  " run %.0f ms, scripts/agentls run --mode ask %.0f ms; load %.2f"
                  % (i + 1, h * 1000, a * 1000, l * 1000, k * 1000, os.getloadavg()[0]))
        mh, ma, ml, mk = (statistics.median(hellos), statistics.median(agents), statistics.median(launches),
                          statistics.median(asks))
        ratio = ml / mh
        print("start-up: java -jar agentls.jar run -> run_started median %.0f ms (%.2fx); scripts/agentls run median"
              " %.0f ms; JVM hello-world median %.0f ms; launcher ratio %.2fx; --mode ask (run_started"
              " before the first request) median %.0f ms (%.2fx); load average %s"
              % (ma * 1000, ma / mh, ml * 1000, mh * 1000, ratio, mk * 1000, mk / mh,
                 " ".join("%.2f" % x for x in os.getloadavg())))
        print("CPU (user + system) of the whole process, medians: hello-world %.0f ms; scripts/agentls run %.0f ms"
              " (%.1fx)" % (statistics.median(hello_cpu) * 1000, statistics.median(launch_cpu) * 1000,
                            statistics.median(launch_cpu) / statistics.median(hello_cpu)))

        model = FirstRequestModel()
        threading.Thread(target=model.serve_forever, daemon=True).start()
        try:
            to_model = [os.path.join(ROOT, "scripts", "agentls")] + agent[3:]
            to_model[to_model.index("--base-url") + 1] = "http://127.0.0.1:%d/v1" % model.server_address[1]
            model.to_first_request(to_model)  # warm
            firsts, first_hellos = [], []
            for _ in range(runs):
                first_hellos.append(first_line_seconds(hello, "hello"))
                firsts.append(model.to_first_request(to_model))
            print("first request: scripts/agentls run -> the model's listener has the request's headers, median %.0f"
                  " ms (range %.0f-%.0f); JVM hello-world median %.0f ms in the same rounds"
                  % (statistics.median(firsts) * 1000, min(firsts) * 1000, max(firsts) * 1000,
                     statistics.median(first_hellos) * 1000))
        finally:
            model.shutdown()

        baseline = os.environ.get("AGENTLS_BENCH_BASELINE_JAR")
        if baseline:
            ab(work, baseline, agent, hello, runs)

        # Where the time goes.
        log = os.path.join(work, "classes.log")
        subprocess.run(["java", "-Xlog:class+load:file=" + log, "-cp", work, "Hello"], stdout=subprocess.DEVNULL)
        hello_classes = sum(1 for _ in open(log))
        subprocess.run(["java", "-Xlog:class+load:file=" + log] + agent[1:], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        lines = open(log).read().splitlines()
        shared = sum(1 for l in lines if "shared objects file" in l)
        # The event printer's class loads as the first event (run_started) is printed.
        before = next((i for i, l in enumerate(lines) if " dev.agentls.agent.AgentEventJson " in l), len(lines))
        print("classes loaded: hello-world %d; agentls run %d (%d from the JDK's CDS archive, %d parsed from jars),"
              " %d of them before run_started" % (hello_classes, len(lines), shared, len(lines) - shared, before))
        print("before run_started: %s" % loaded_families(lines[:before]))
        jsa = os.path.join(work, "agentls.jsa")
        subprocess.run(["java", "-XX:ArchiveClassesAtExit=" + jsa] + agent[1:], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        if os.path.exists(jsa):
            cds = ["java", "-XX:SharedArchiveFile=" + jsa] + agent[1:]
            first_line_seconds(cds, "run_started")
            cds_runs = []
            for i in range(runs):
                hellos.append(first_line_seconds(hello, "hello"))
                cds_runs.append(first_line_seconds(cds, "run_started"))
            mc = statistics.median(cds_runs)
            print("with an AppCDS archive of agentls's classes (-XX:SharedArchiveFile): run_started median %.0f ms;"
                  " ratio to the hello-world median %.2fx" % (mc * 1000, mc / statistics.median(hellos)))
        return 0
    finally:
        if replay is not None:
            replay.kill()
            replay.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
