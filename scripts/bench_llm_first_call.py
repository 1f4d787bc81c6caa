#!/usr/bin/env python3
"""The model client's first request in a fresh JVM (scripts/bench-llm-first-call).

For each protocol (openai, anthropic) and tool mode (native, xml), `agentls replay-model` serves on loopback an
answer of a few text chunks and one tool call (native: a streamed tool call; xml: the call's tags in the text).
Each sample is a fresh `java` running dev.agentls.bench.FirstModelCall (from the test tree, put in a jar of its own
beside agentls.jar): it builds the product's client, makes one streamed request shaped like an agent's first step
and exits when the answer is complete. Per case, RUNS samples without and RUNS with a class-data archive of the
bench's own classes (-XX:DumpLoadedClassList then -Xshare:dump, as scripts/lib.sh make_cds_archive does),
interleaved with a JVM hello-world; reported: the medians of the process's wall time and CPU time (user + system,
from its rusage), the in-process times the bench prints, and the classes loaded (-Xlog:class+load, one extra run),
split by library. Usage: bench_llm_first_call.py AGENTLS_JAR BENCH_JAR [RUNS].
"""
import collections
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# The launcher's options (scripts/lib.sh server_java_options) minus what does not touch a start-up.
JAVA_OPTS = ["-XX:+UseSerialGC", "-Xms32m", "-Xmx200m", "-Xlog:disable", "-Xlog:all=warning:stderr"]
MAIN = "dev.agentls.bench.FirstModelCall"
CASES = [("openai", "native"), ("openai", "xml"), ("anthropic", "native"), ("anthropic", "xml")]
GROUPS = [("jackson-databind", "com.fasterxml.jackson.databind."), ("jackson-core", "com.fasterxml.jackson.core."),
          ("okhttp", "okhttp3."), ("okio", "okio."), ("kotlin", "kotlin"), ("agentls", "dev.agentls."),
          ("tls/security", ("javax.net.ssl.", "sun.security.", "java.security.", "javax.crypto.")),
          ("java.net.http", "jdk.internal.net.http.")]


def sse(data, event=None):
    line = {"type": "sse", "data": data}
    if event:
        line["event"] = event
    return json.dumps(line)


def openai_answer(mode):
    lines = [json.dumps({"type": "response"})]
    text = ["I'll read ", "the file ", "first."]
    if mode == "xml":
        text += ["\n<read_file>\n<target_file>src/app.py</target_file>\n", "</read_file>"]
    for t in text:
        lines.append(sse({"id": "c1", "choices": [{"index": 0, "delta": {"content": t}, "finish_reason": None}]}))
    if mode == "native":
        lines.append(sse({"id": "c1", "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_1",
                     "type": "function", "function": {"name": "read_file", "arguments": ""}}]}}]}))
        for part in ['{"target_file":', ' "src/app.py"}']:
            lines.append(sse({"id": "c1", "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0,
                         "function": {"arguments": part}}]}}]}))
    reason = "tool_calls" if mode == "native" else "stop"
    lines.append(sse({"id": "c1", "choices": [{"index": 0, "delta": {}, "finish_reason": reason}]}))
    lines.append(sse({"id": "c1", "choices": [], "usage": {"prompt_tokens": 1200, "completion_tokens": 30,
                                                           "total_tokens": 1230}}))
    lines.append(json.dumps({"type": "raw", "text": "data: [DONE]\n\n"}))
    return lines


def anthropic_answer(mode):
    lines = [json.dumps({"type": "response"})]
    lines.append(sse({"type": "message_start", "message": {"id": "m1", "type": "message", "role": "assistant",
                      "content": [], "model": "bench", "usage": {"input_tokens": 1200, "output_tokens": 1}}},
                     "message_start"))
    lines.append(sse({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                     "content_block_start"))
    text = ["I'll read ", "the file ", "first."]
    if mode == "xml":
        text += ["\n<read_file>\n<target_file>src/app.py</target_file>\n", "</read_file>"]
    for t in text:
        lines.append(sse({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": t}},
                         "content_block_delta"))
    lines.append(sse({"type": "content_block_stop", "index": 0}, "content_block_stop"))
    if mode == "native":
        lines.append(sse({"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use",
                          "id": "toolu_1", "name": "read_file", "input": {}}}, "content_block_start"))
        for part in ['{"target_file":', ' "src/app.py"}']:
            lines.append(sse({"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta",
                              "partial_json": part}}, "content_block_delta"))
        lines.append(sse({"type": "content_block_stop", "index": 1}, "content_block_stop"))
    reason = "tool_use" if mode == "native" else "end_turn"
    lines.append(sse({"type": "message_delta", "delta": {"stop_reason": reason}, "usage": {"output_tokens": 30}},
                     "message_delta"))
    lines.append(sse({"type": "message_stop"}, "message_stop"))
    return lines


def start_replay(jar, work, name, lines, answers):
    script = os.path.join(work, name + ".jsonl")
    with open(script, "w") as f:
        f.write("# bench-llm-first-call: REPLAY answers\n")
        for _ in range(answers):
            f.write("\n".join(lines) + "\n")
    out = open(os.path.join(work, name + ".out"), "w")
    proc = subprocess.Popen(["java", "-jar", jar, "replay-model", "--script", script, "--port", "0"],
                            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    for _ in range(600):
        with open(out.name) as f:
            m = re.search(r"listening on (http://127\.0\.0\.1:\d+)", f.read())
        if m:
            return proc, m.group(1)
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    sys.exit("agentls replay-model did not start: " + open(out.name).read())


def base_url(provider, url):
    return url + "/v1" if provider == "openai" else url


def run(cmd):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit("failed (%d): %s\n%s" % (status, " ".join(cmd), err.decode("utf-8", "replace")))
    return wall, usage.ru_utime + usage.ru_stime, out.decode()


def classes(cmd, work):
    log = os.path.join(work, "classes.log")
    at = cmd.index("-cp")
    run(cmd[:at] + ["-Xlog:class+load:file=" + log] + cmd[at:])
    counts = collections.Counter()
    total = 0
    with open(log) as f:
        for line in f:
            m = re.search(r"\] (\S+) source:", line)
            if not m:
                continue
            total += 1
            name = m.group(1)
            for group, prefix in GROUPS:
                if name.startswith(prefix):
                    counts[group] += 1
                    break
    return total, counts


def main():
    jar, bench_jar = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    work = tempfile.mkdtemp(prefix="bench-first-call-")
    servers = []
    try:
        with open(os.path.join(work, "Hello.java"), "w") as f:
            f.write('public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n')
        subprocess.run(["javac", "-d", work, os.path.join(work, "Hello.java")], check=True)
        hello = ["java", "-cp", work, "Hello"]
        cp = jar + os.pathsep + bench_jar
        urls = {}
        for provider, mode in CASES:
            lines = openai_answer(mode) if provider == "openai" else anthropic_answer(mode)
            proc, url = start_replay(jar, work, provider + "-" + mode, lines, 4 * runs + 8)
            servers.append(proc)
            urls[(provider, mode)] = base_url(provider, url)
        # One archive for every case: the classes each case's first run loads.
        lists = []
        for i, case in enumerate(CASES):
            lst = os.path.join(work, "case%d.classlist" % i)
            run(["java", "-XX:DumpLoadedClassList=" + lst, "-cp", cp, MAIN, case[0], case[1], urls[case]])
            lists.append(lst)
        all_list = os.path.join(work, "all.classlist")
        with open(all_list, "w") as out:
            for lst in lists:
                out.write(open(lst).read())
        jsa = os.path.join(work, "bench.jsa")
        subprocess.run(["java", "-Xshare:dump", "-XX:SharedClassListFile=" + all_list, "-XX:SharedArchiveFile=" + jsa,
                        "-cp", cp], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        print("jar: %s" % jar)
        print("load average before: %s" % open("/proc/loadavg").read().strip())
        hello_wall, hello_cpu = [], []
        for provider, mode in CASES:
            url = urls[(provider, mode)]
            for archive in (False, True):
                opts = JAVA_OPTS + (["-XX:SharedArchiveFile=" + jsa] if archive else [])
                cmd = ["java"] + opts + ["-cp", cp, MAIN, provider, mode, url]
                walls, cpus, built, first, finished = [], [], [], [], []
                for _ in range(runs):
                    w, c = run(hello)[:2]
                    hello_wall.append(w)
                    hello_cpu.append(c)
                    w, c, out = run(cmd)
                    walls.append(w)
                    cpus.append(c)
                    fields = dict(kv.split("=") for kv in out.split())
                    built.append(float(fields["built_ms"]))
                    first.append(float(fields["first_event_ms"]))
                    finished.append(float(fields["finished_ms"]))
                total, counts = classes(cmd, work)
                print("%-9s %-6s %-10s wall %4.0f ms  cpu %4.0f ms  | in main: client built %5.1f, first event %5.1f,"
                      " finished %5.1f ms | classes %d (%s)" % (
                          provider, mode, "archive" if archive else "no-archive",
                          1000 * statistics.median(walls), 1000 * statistics.median(cpus),
                          statistics.median(built), statistics.median(first), statistics.median(finished), total,
                          ", ".join("%s %d" % (g, counts[g]) for g, _ in GROUPS if counts[g])))
        print("hello-world: wall %.0f ms, cpu %.0f ms (median of %d)" % (
            1000 * statistics.median(hello_wall), 1000 * statistics.median(hello_cpu), len(hello_wall)))
        print("medians of %d fresh JVMs per line; load average after: %s" % (runs, open("/proc/loadavg").read().strip()))
    finally:
        for proc in servers:
            proc.kill()
            proc.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
