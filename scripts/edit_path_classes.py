#!/usr/bin/env python3
"""Which of AgentLS's own classes one edit needs (scripts/edit-path-classes [JAR]).

Runs `agentls run` twice on a fresh one-file git repository against `agentls replay-model` on loopback, each run
two model answers: a read_file call then attempt_completion, and a replace_in_file call then attempt_completion. Both
run with -Xlog:class+load; the dev.agentls classes the edit run loads and the read run does not are the classes on an
edit's path (the engine, the host, the listeners that see the change land), beside the read a run does anyway. Prints
their number (nested classes counted apart and folded into their top-level class) and the top-level names. The
edit must reach the file, or the script fails: a count from a refused edit would be a count of the refusal.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def answer(name, arguments, call_id):
    call = {"index": 0, "id": call_id, "type": "function",
            "function": {"name": name, "arguments": json.dumps(arguments)}}
    chunks = [{"choices": [{"index": 0, "delta": {"tool_calls": [call]}, "finish_reason": None}]},
              {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}]
    lines = [{"type": "response"}] + [{"type": "sse", "data": c} for c in chunks]
    lines.append({"type": "raw", "text": "data: [DONE]\n\n"})
    return "".join(json.dumps(line) + "\n" for line in lines)


def transcript(path, first):
    with open(path, "w") as f:
        f.write(first)
        f.write(answer("attempt_completion", {"result": "Done."}, "call_2"))


def classes(jar, work, kind, script):
    repo = os.path.join(work, kind)
    os.makedirs(repo)
    with open(os.path.join(repo, "hello.py"), "w") as f:
        f.write("print('hello')\n")
    git = ["git", "-C", repo, "-c", "user.email=bench@example.invalid", "-c", "user.name=bench"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "init"], check=True)
    replay = subprocess.Popen(["java", "-jar", jar, "replay-model", "--script", script, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        base = None
        while base is None:
            line = replay.stdout.readline().decode()
            if not line:
                sys.exit("replay-model did not start")
            m = re.match(r"listening on (http://127\.0\.0\.1:\d+)", line)
            base = m.group(1) if m else None
        log = os.path.join(work, kind + ".classes")
        env = dict(os.environ, HOME=os.path.join(work, "home"))
        run = subprocess.run(["java", "-Xlog:class+load:file=" + log, "-jar", jar, "run", "--workspace", repo,
                              "--prompt", "Greet the world", "--json", "--base-url", base + "/v1", "--model", "bench"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=120)
        if run.returncode != 0:
            sys.exit("the %s run failed (exit %d): %s" % (kind, run.returncode, run.stderr.decode()[-2000:]))
    finally:
        replay.kill()
        replay.wait()
    with open(os.path.join(repo, "hello.py")) as f:
        text = f.read()
    names = set()
    for line in open(log):
        m = re.search(r" (dev\.agentls\.[\w.$]+) source:", line)
        if m and "$$Lambda" not in m.group(1):
            names.add(m.group(1))
    return names, text


def main():
    jar = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "server", "target", "agentls.jar")
    work = tempfile.mkdtemp(prefix="edit-path-")
    try:
        read, edit = os.path.join(work, "read.jsonl"), os.path.join(work, "edit.jsonl")
        transcript(read, answer("read_file", {"target_file": "hello.py"}, "call_1"))
        diff = "------- SEARCH\nprint('hello')\n=======\nprint('hello, world')\n+++++++ REPLACE\n"
        transcript(edit, answer("replace_in_file", {"target_file": "hello.py", "diff": diff}, "call_1"))
        read_names, _ = classes(jar, work, "read", read)
        edit_names, text = classes(jar, work, "edit", edit)
        if text != "print('hello, world')\n":
            sys.exit("the edit did not reach the file: %r" % text)
        only = sorted(edit_names - read_names)
        top = sorted({name.split("$")[0] for name in only})
        print("%s: %d dev.agentls classes loaded by the edit run and not by the read run (%d top-level); read run %d,"
              " edit run %d" % (jar, len(only), len(top), len(read_names), len(edit_names)))
        for name in top:
            print("  " + name)
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
