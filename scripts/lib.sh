# Shared helpers for the scripts in this folder. Source it; it defines ROOT and ensure_jar.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAR="$ROOT/server/target/agentls.jar"

# Builds the shaded jar when it is missing or older than any source file.
ensure_jar() {
  if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/server/src/main" "$ROOT/server/pom.xml" "$ROOT/pom.xml" -newer "$JAR" -print -quit)" ]; then
    echo "building agentls.jar ..." >&2
    (cd "$ROOT" && mvn -B -q -ntp package -DskipTests) >&2 || { echo "build failed" >&2; exit 1; }
  fi
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

# Vim with ALE, for the Vim end-to-end tests.
ensure_vim_ale() {
  ensure_packages "Vim with ALE" "vim -N -u NONE -i NONE -es -c 'packadd ale' -c 'qall!' </dev/null" vim vim-ale
}
