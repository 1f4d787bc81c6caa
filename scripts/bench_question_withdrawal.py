#!/usr/bin/env python3
"""How promptly `agentls run` ends when interrupted while it asks the user (scripts/bench-question-withdrawal).

Each of ROUNDS rounds starts `agentls replay-model --once` serving one scripted answer that calls
ask_followup_question, then `java -jar agentls.jar run --json` on a temp copy of test-workspaces/demo with stdin a
pipe held open and never written (a terminal nobody types into), waits for the question on stderr, sends SIGINT and
times until the process has exited. Checks each round: exit status 130, the withdrawn line on stderr, run_finished
(cancelled) last on stdout. Prints every round, the median and the load before and after.
"""
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# AGENTLS_BENCH_JAR: another build to time the same way (e.g. main's, for a before/after).
JAR = os.environ.get("AGENTLS_BENCH_JAR") or os.path.join(ROOT, "server", "target", "agentls.jar")
WITHDRAWN = "(question withdrawn: the run was cancelled; nothing typed now answers it)"


def transcript(path):
    call = {"index": 0, "id": "call_ask_1", "type": "function",
            "function": {"name": "ask_followup_question", "arguments": json.dumps({"question": "Which greeting?"})}}
    with open(path, "w") as f:
        f.write("# bench-question-withdrawal: a REPLAY answer asking the user a question\n")
        f.write(json.dumps({"type": "response"}) + "\n")
        f.write(json.dumps({"type": "sse", "data": {"choices": [{"index": 0, "delta": {"tool_calls": [call]},
                                                                 "finish_reason": None}]}}) + "\n")
        f.write(json.dumps({"type": "sse", "data": {"choices": [{"index": 0, "delta": {},
                                                                 "finish_reason": "tool_calls"}]}}) + "\n")
        f.write(json.dumps({"type": "raw", "text": "data: [DONE]\n\n"}) + "\n")


def wait_for(path, text, proc, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if os.path.exists(path) and text in open(path, encoding="utf-8", errors="replace").read():
            return True
        if proc.poll() is not None:
            return False
        time.sleep(0.01)
    return False


def one_round(work, script):
    replay_log = os.path.join(work, "replay.log")
    replay = subprocess.Popen(["java", "-jar", JAR, "replay-model", "--once", "--script", script, "--port", "0"],
                              stdout=open(replay_log, "w"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        if not wait_for(replay_log, "listening on ", replay, 60):
            sys.exit("the replay model did not start: " + open(replay_log).read())
        base = open(replay_log).read().split("listening on ")[1].split()[0]
        ws = os.path.join(work, "ws")
        shutil.rmtree(ws, ignore_errors=True)
        shutil.copytree(os.path.join(ROOT, "test-workspaces", "demo"), ws)
        out, err = os.path.join(work, "out.jsonl"), os.path.join(work, "err.txt")
        # SIGINT at its default in the child (a background shell would start it ignored).
        run = subprocess.Popen(["java", "-jar", JAR, "run", "--workspace", ws, "--prompt", "Greet", "--json",
                                "--base-url", base + "/v1", "--model", "m"],
                               stdin=subprocess.PIPE, stdout=open(out, "w"), stderr=open(err, "w"),
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            if not wait_for(err, "Which greeting?", run, 60):
                sys.exit("agentls run never asked: " + open(err).read())
            start = time.perf_counter()
            run.send_signal(signal.SIGINT)
            status = run.wait(60)
            elapsed = time.perf_counter() - start
        finally:
            run.stdin.close()
            if run.poll() is None:
                run.kill()
        lines = open(out).read().splitlines()
        last = json.loads(lines[-1]) if lines else {}
        problems = []
        if status != 130:
            problems.append("exit %s" % status)
        if WITHDRAWN not in open(err).read():
            problems.append("no withdrawn line")
        if last.get("type") != "run_finished" or last.get("status") != "cancelled":
            problems.append("last event %s" % last)
        return elapsed, problems
    finally:
        if replay.poll() is None:
            replay.kill()


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    work = tempfile.mkdtemp(prefix="agentls-bench-withdrawal-")
    try:
        script = os.path.join(work, "ask.jsonl")
        transcript(script)
        times = []
        failed = False
        for i in range(rounds):
            elapsed, problems = one_round(work, script)
            times.append(elapsed)
            failed = failed or bool(problems)
            print("round %d: SIGINT to exit %.0f ms%s (load %s)" % (i + 1, elapsed * 1000,
                  "" if not problems else " PROBLEMS: " + ", ".join(problems),
                  open("/proc/loadavg").read().split()[0]))
        print("median SIGINT to exit while asking, stdin open and silent: %.0f ms over %d rounds"
              % (statistics.median(times) * 1000, rounds))
        return 1 if failed else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
