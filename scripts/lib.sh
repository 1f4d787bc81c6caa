# Shared helpers for the scripts in this folder. Source it; it defines ROOT, ensure_jar and the class-data archive's
# helpers (cds_options, make_cds_archive_in_background).
ROOT=${BASH_SOURCE[0]%/*}; [ "$ROOT" != "${BASH_SOURCE[0]}" ] || ROOT=.  # its folder, with no forked `dirname`
ROOT=$(cd "$ROOT/.." && pwd)
JAR="$ROOT/server/target/agentls.jar"
# A class-data-sharing archive of the classes a start of `agentls lsp` loads, made from this jar (JDK 17 makes none
# by itself), and its stamp: the jar's and the archive's size and modification time when it was made.
JSA="$ROOT/server/target/agentls.jsa"

# The server's JVM options (scripts/agentls, and scripts/bench-repomap that measures the server by them): its memory
# within the 250 MB budget while it reads a large workspace (spring-boot: a warm index and a repo map). The serial
# collector: G1 commits its whole heap at start (-Xms defaults to 1/64 of the RAM, above a small -Xmx) and keeps
# ~47 MB of its own structures beside a 250 MB heap; one background collector thread is enough for this heap. The
# heap starts small and grows only as the live data asks (-Xms, the free ratios), to at most -Xmx. Direct memory is
# bounded, and the JDK's per-thread cache of temporary direct buffers (a read of a 4 MB file through NIO keeps a 4 MB
# buffer per thread otherwise) keeps none past 1 MB. AGENTLS_JAVA_OPTS comes after these, so a user's own -Xmx wins;
# a collector it names replaces the serial one (the JVM refuses two).
server_java_options() {
  set_server_java_options
  printf '%s\n' "${SERVER_JAVA_OPTIONS[@]}"
}

# As server_java_options, into the array SERVER_JAVA_OPTIONS, without a fork (the launcher: every process forked
# before java delays the editor's server and `agentls run`).
set_server_java_options() {
  SERVER_JAVA_OPTIONS=()
  case " ${AGENTLS_JAVA_OPTS:-} " in
    *" -XX:+Use"*GC" "*) ;;
    *) SERVER_JAVA_OPTIONS=(-XX:+UseSerialGC) ;;
  esac
  SERVER_JAVA_OPTIONS+=(-Xms32m -Xmx200m -XX:MinHeapFreeRatio=20 -XX:MaxHeapFreeRatio=40 -XX:MaxDirectMemorySize=64m
    -Djdk.nio.maxCachedBufferSize=1048576)
}

# JIT thresholds for the one-shot commands (`run`, `apply`: a process of a second or less): C2 compiles a method only
# after 4-10 times its default counts, so the C2 thread does not spend the start-up on methods the process leaves soon
# after; C1 keeps its defaults, so a cold edit's hot loops are still compiled. Measured (A/B interleaved, 10 rounds,
# load ~19 on 2 cores): `run` to its first request 289 ms of CPU with them, 350 ms without. Not for `lsp` or `mcp`,
# long processes whose steady state wants C2 at its usual time. AGENTLS_SHORT_PROCESS_JIT=off turns them off;
# AGENTLS_JAVA_OPTS comes after these and overrides them.
short_process_jit_options() {
  SHORT_PROCESS_JIT=()
  [ "${AGENTLS_SHORT_PROCESS_JIT:-}" = off ] && return 0
  case "${1:-}" in
    run|apply) SHORT_PROCESS_JIT=(-XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000
                 -XX:Tier4CompileThreshold=60000 -XX:Tier4BackEdgeThreshold=400000) ;;
    *) SHORT_PROCESS_JIT=() ;;
  esac
}

# Builds the shaded jar when it is missing or older than any source file.
ensure_jar() {
  if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/server/src/main" "$ROOT/server/pom.xml" "$ROOT/pom.xml" -newer "$JAR" -print -quit)" ]; then
    echo "building agentls.jar ..." >&2
    (cd "$ROOT" && mvn -B -q -ntp package -DskipTests) >&2 || { echo "build failed" >&2; exit 1; }
    make_cds_archive
  fi
}

# A file's size and modification time to the nanosecond: any write, truncation or replacement changes it.
file_stamp() {
  stat -c '%s %y' "$1" 2>/dev/null
}

# The java options that use the archive, printed only when the archive and its stamp say it was made from this very
# jar and has not changed since: a stale one is left unused, and a damaged one (which can crash the JVM rather than
# be refused by it) is never passed. The JVM's own warnings go to stderr, so none reaches an LSP client on stdout.
cds_options() {
  set_cds_options
  printf '%s\n' "${CDS_OPTIONS[@]}"
}

# As cds_options, into the array CDS_OPTIONS, with one fork only (the stat of the jar and the archive).
# The archive is the one start-up shortcut of the launcher worth its keep: measured (A/B interleaved, 10 rounds, whole
# process CPU, load ~19 on 2 cores) `agentls run` to its first request 289 ms of CPU with it, 700 ms without; `lsp`'s
# initialize likewise. AGENTLS_CLASS_ARCHIVE=off turns it off: no archive is used, none is made.
set_cds_options() {
  local stamp now
  CDS_OPTIONS=(-Xlog:disable -Xlog:all=warning:stderr)
  [ "${AGENTLS_CLASS_ARCHIVE:-}" = off ] && return 0
  [ -f "$JSA" ] && [ -f "$JSA.stamp" ] || return 0
  IFS= read -r stamp < "$JSA.stamp" || return 0
  # Both stamps from one stat (as file_stamp makes each).
  mapfile -t now < <(stat -c '%s %y' "$JAR" "$JSA" 2>/dev/null)
  [ "${#now[@]}" = 2 ] && [ "$stamp" = "${now[0]} / ${now[1]}" ] || return 0
  CDS_OPTIONS+=("-XX:SharedArchiveFile=$JSA")
  return 0
}

# Makes the archive from representative starts: the classes loaded by `agentls lsp` answering initialize,
# initialized, shutdown and exit on test-workspaces/demo, and by `agentls run` on a copy of it against
# `agentls replay-model` on loopback (skipped when that cannot start), dumped into one static archive. Written under
# temporary names and renamed, one maker at a time (flock); a failed make leaves no archive, and starts go on without.
make_cds_archive() {
  command -v flock >/dev/null 2>&1 || return 0
  (
    flock -n 9 || exit 0
    set +o pipefail  # a training start may exit before reading every message; only its own status counts
    work=$(mktemp -d) || exit 0
    trap 'rm -rf "$work" "$JSA.tmp.$$" "$JSA.stamp.$$"' EXIT
    lsp_training_session "file://$ROOT/test-workspaces/demo" \
      | java -XX:DumpLoadedClassList="$work/lsp.classlist" -jar "$JAR" lsp >/dev/null 2>&1 || exit 0
    run_training_start "$work" || true
    cat "$work"/*.classlist > "$work/all"
    java -Xshare:dump -XX:SharedClassListFile="$work/all" -XX:SharedArchiveFile="$work/agentls.jsa" -jar "$JAR" \
      >/dev/null 2>&1 && [ -s "$work/agentls.jsa" ] || exit 0
    cp "$work/agentls.jsa" "$JSA.tmp.$$" && mv -f "$JSA.tmp.$$" "$JSA" \
      && printf '%s / %s\n' "$(file_stamp "$JAR")" "$(file_stamp "$JSA")" > "$JSA.stamp.$$" \
      && mv -f "$JSA.stamp.$$" "$JSA.stamp"
  ) 9>"$JSA.lock"
}

# One `agentls run` to its answer against `agentls replay-model` answering once with a text answer.
run_training_start() {
  local work="$1" url="" replay i
  cp -r "$ROOT/test-workspaces/demo" "$work/ws" || return 1
  printf '%s\n' '{"type":"response"}' \
    '{"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"Hello."},"finish_reason":null}]}}' \
    '{"type":"sse","data":{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}}' \
    '{"type":"raw","text":"data: [DONE]\n\n"}' > "$work/answers.jsonl"
  java -jar "$JAR" replay-model --script "$work/answers.jsonl" --port 0 </dev/null >"$work/replay.out" 2>&1 &
  replay=$!
  for i in $(seq 600); do
    url=$(grep -o 'listening on http://127\.0\.0\.1:[0-9]*' "$work/replay.out" | cut -d' ' -f3) || true
    [ -n "$url" ] && break
    kill -0 "$replay" 2>/dev/null || break
    sleep 0.1
  done
  if [ -n "$url" ]; then
    java -XX:DumpLoadedClassList="$work/run.classlist" -jar "$JAR" run --workspace "$work/ws" --prompt "Say hello" \
      --json --approve deny --base-url "$url/v1" --model training </dev/null >/dev/null 2>&1 || true
  fi
  kill "$replay" 2>/dev/null || true
  wait "$replay" 2>/dev/null || true
  [ -n "$url" ]
}

# Whether the archive is current: made from this very jar and unchanged since (cds_options passes it to java).
cds_current() {
  local options
  mapfile -t options < <(cds_options)
  case " ${options[*]} " in
    *" -XX:SharedArchiveFile="*) return 0 ;;
  esac
  return 1
}

# Makes the archive now when it is missing or stale, waiting for a maker already at work (one the launcher started in
# the background), so that what runs next uses it: the benchmarks measure the launcher as a user's second start
# finds it. Says on stderr what it did; returns 1 when no current archive could be made.
ensure_cds_archive() {
  cds_current && return 0
  echo "making the class-data archive of $JAR ..." >&2
  make_cds_archive
  cds_current && return 0
  command -v flock >/dev/null 2>&1 && (flock 9) 9>"$JSA.lock"
  cds_current || make_cds_archive
  cds_current
}

# Makes the archive in the background (the start that found it missing or stale is not delayed).
make_cds_archive_in_background() {
  (make_cds_archive </dev/null >/dev/null 2>&1 &)
}

# The LSP messages of the archive's training start, framed, paced so the server finishes each step.
lsp_training_session() {
  local root="$1"
  lsp_frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"'"$root"'","capabilities":{}}}'
  sleep 2
  lsp_frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
  sleep 3
  lsp_frame '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'
  lsp_frame '{"jsonrpc":"2.0","method":"exit"}'
}

lsp_frame() {
  printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"
}

# Installs Debian's neovim when it is missing and we may install packages; the Neovim end-to-end tests need it.
ensure_neovim() {
  command -v nvim >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing neovim (Debian package) ..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim) >&2 || echo "could not install neovim" >&2
  else
    echo "neovim is missing: install Debian's 'neovim' package to run the editor tests" >&2
  fi
}

# Installs Debian packages when `probe` (a command) fails and we may install packages: `ensure_packages WHAT PROBE PKG...`.
# Without root or apt-get it says what is missing; the tests that need it then skip (or fail under their CI flag).
ensure_packages() {
  local what="$1" probe="$2"
  shift 2
  eval "$probe" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing $what (Debian packages: $*) ..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@") >&2 \
      || echo "could not install $what" >&2
  else
    echo "$what is missing: install Debian's $* to run its editor tests" >&2
  fi
}

# Emacs with eglot and lsp-mode, for the Emacs end-to-end tests.
ensure_emacs() {
  ensure_packages "Emacs with eglot and lsp-mode" \
    "emacs --batch -q --eval \"(progn (require 'eglot) (require 'lsp-mode))\"" emacs-nox elpa-eglot elpa-lsp-mode
}

# Debian's pylsp, the language server the Neovim diagnostics test runs beside AgentLS.
ensure_pylsp() {
  ensure_packages "pylsp with pyflakes" "pylsp --version && python3 -c \"import pyflakes\"" python3-pylsp python3-pyflakes
}

# Vim with ALE, for the Vim end-to-end tests.
ensure_vim_ale() {
  ensure_packages "Vim with ALE" "vim -N -u NONE -i NONE -es -c 'packadd ale' -c 'qall!' </dev/null" vim vim-ale
}
