#!/usr/bin/env bash
# Prepare the development environment for kiln, idempotently:
#   1. a virtualenv in <repo>/.venv (installing Debian's python3-venv if needed),
#   2. Python.h for that interpreter (kiln compiles CPython extension modules against it),
#   3. a C compiler (kiln shells out to cc/gcc/clang),
#   4. `pip install -e ".[dev]"`, skipped when a stamp in .venv is newer than
#      pyproject.toml and this script (so a second run takes well under a second).
#
# Usage:
#   bash scripts/setup_env.sh          # just set things up
#   . scripts/setup_env.sh             # set up AND activate .venv in the calling shell
#                                      # (scripts/test.sh and scripts/demo.sh do this)
#
# Environment knobs:
#   PYTHON=/path/to/python3   interpreter used to create the venv (default: python3)
#   KILN_SETUP_FORCE=1        reinstall even if the stamp is fresh
#
# The script is written to be sourced: it never calls `exit` (that would kill the
# caller's shell), only `return`, and it works under the caller's `set -euo pipefail`
# (every command that may fail is tested explicitly, and every variable has a default).
# It is quiet on the happy path; problems go to stderr prefixed with "setup_env:".

_kiln_setup_main() {
    local repo_root venv py stamp log
    # Resolve the repo root from this file's location, so it works from any cwd and
    # both when executed and when sourced.
    repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" || return 1
    venv="$repo_root/.venv"
    py="${PYTHON:-python3}"
    stamp="$venv/.kiln-dev-installed"
    log="$venv/.kiln-setup.log"

    _kiln_say() { printf 'setup_env: %s\n' "$*" >&2; }

    # apt-get is only attempted when it can work without prompting: we are root and
    # Debian/Ubuntu's apt-get exists. Anything else gets a message saying what to install.
    _kiln_can_apt() { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; }
    local apt_updated=0
    _kiln_apt_install() {
        # `apt-get update` first (a fresh machine may have no package lists), once per run.
        if [ "$apt_updated" = "0" ]; then
            _kiln_say "running apt-get update"
            DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || return 1
            apt_updated=1
        fi
        _kiln_say "apt-get install -y $*"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
    }

    # ---- 0. a base interpreter ---------------------------------------------------
    if ! command -v "$py" >/dev/null 2>&1; then
        _kiln_say "no '$py' on PATH; install Python >= 3.10 (e.g. apt-get install python3) or set PYTHON=..."
        return 1
    fi

    # ---- 1. the virtualenv -------------------------------------------------------
    # A venv is "healthy" when its interpreter runs and has pip. A half-made one (left by
    # a failed `python3 -m venv` without ensurepip) or one whose base interpreter has
    # vanished is removed and rebuilt.
    if [ -e "$venv" ] && ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
        _kiln_say "existing .venv is broken; recreating it"
        rm -rf "$venv"
    fi
    if [ ! -x "$venv/bin/python" ]; then
        local venv_err
        if ! venv_err="$("$py" -m venv "$venv" 2>&1)"; then
            rm -rf "$venv"
            # Debian/Ubuntu split venv/ensurepip out of the base python3 package; their
            # error mentions ensurepip (or venv itself is missing). Only then will
            # installing python3-venv help.
            if printf '%s' "$venv_err" | grep -qiE 'ensurepip|No module named venv|python3?[0-9.]*-venv'; then
                if _kiln_can_apt; then
                    # Also try the versioned package (python3.X-venv), which Debian's
                    # message asks for; ignore failure since it may not exist.
                    local pyver
                    pyver="$("$py" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")' 2>/dev/null || true)"
                    _kiln_apt_install python3-venv || true
                    if [ -n "$pyver" ]; then _kiln_apt_install "python${pyver}-venv" >/dev/null 2>&1 || true; fi
                    if ! venv_err="$("$py" -m venv "$venv" 2>&1)"; then
                        rm -rf "$venv"
                        _kiln_say "creating .venv still fails after installing python3-venv:"
                        printf '%s\n' "$venv_err" >&2
                        return 1
                    fi
                else
                    _kiln_say "'$py -m venv' failed: venv/ensurepip is missing."
                    _kiln_say "install it (as root: apt-get install python3-venv) or point PYTHON= at a full Python."
                    printf '%s\n' "$venv_err" >&2
                    return 1
                fi
            else
                _kiln_say "'$py -m venv $venv' failed:"
                printf '%s\n' "$venv_err" >&2
                return 1
            fi
        fi
        rm -f "$stamp"   # a new venv has nothing installed in it yet
    fi

    # ---- 2. Python headers -------------------------------------------------------
    # kiln builds extension modules with `#include <Python.h>`; the path must be the one
    # of the venv's (i.e. the base) interpreter. Missing headers are a warning, not an
    # error: pure-Python parts and the test-suite's non-compiling tests still work, and
    # kiln itself reports a clear error when it tries to compile.
    local pyh
    pyh="$("$venv/bin/python" -c 'import os, sysconfig; print(os.path.join(sysconfig.get_paths()["include"], "Python.h"))')" || return 1
    if [ ! -f "$pyh" ]; then
        if _kiln_can_apt; then
            _kiln_apt_install python3-dev || true
        fi
        if [ ! -f "$pyh" ]; then
            # Still missing: either no apt/root, or the venv's interpreter is not
            # Debian's python3 (pyenv, conda, ...), whose headers python3-dev can't give.
            _kiln_say "WARNING: $pyh is missing; kiln cannot build extension modules."
            _kiln_say "install the Python development headers for $("$venv/bin/python" -c 'import sys; print(sys.executable)') (Debian/Ubuntu: apt-get install python3-dev; Fedora: dnf install python3-devel)."
        fi
    fi

    # ---- 3. a C compiler ---------------------------------------------------------
    # kiln honours $CC and otherwise looks for cc/gcc/clang. gcc also brings OpenMP
    # (libgomp) on Debian; clang would additionally need libomp-dev.
    if ! { [ -n "${CC:-}" ] && command -v "${CC%% *}" >/dev/null 2>&1; } \
        && ! command -v cc >/dev/null 2>&1 \
        && ! command -v gcc >/dev/null 2>&1 \
        && ! command -v clang >/dev/null 2>&1; then
        if _kiln_can_apt; then
            _kiln_apt_install gcc libc6-dev || true
        fi
        if ! command -v cc >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1; then
            _kiln_say "WARNING: no C compiler found (cc/gcc/clang); kiln cannot build extension modules."
            _kiln_say "install one (Debian/Ubuntu: apt-get install gcc; Fedora: dnf install gcc) or set CC=..."
        fi
    fi

    # ---- 4. python packages ------------------------------------------------------
    # The stamp makes reruns fast; it is invalidated by edits to pyproject.toml or to
    # this script. The editable install puts src/ on sys.path via a .pth file, so new
    # modules under src/kiln need no reinstall.
    if [ "${KILN_SETUP_FORCE:-0}" != "0" ] \
        || [ ! -f "$stamp" ] \
        || [ "$repo_root/pyproject.toml" -nt "$stamp" ] \
        || [ "${BASH_SOURCE[0]}" -nt "$stamp" ]; then
        # pip's output goes to a log and is shown only on failure, to keep CI logs short.
        if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip >"$log" 2>&1; then
            _kiln_say "(could not upgrade pip; carrying on with the bundled one)"
        fi
        if ! (cd "$repo_root" && "$venv/bin/python" -m pip install -q --disable-pip-version-check -e ".[dev]") >>"$log" 2>&1; then
            _kiln_say "pip install -e '.[dev]' failed; its output:"
            cat "$log" >&2
            rm -f "$stamp"
            return 1
        fi
        touch "$stamp"
    fi

    # ---- 5. activate (only matters when sourced) ----------------------------------
    # Equivalent of `. .venv/bin/activate` without its prompt handling.
    export VIRTUAL_ENV="$venv"
    case ":$PATH:" in
        *":$venv/bin:"*) ;;
        *) export PATH="$venv/bin:$PATH" ;;
    esac
    unset PYTHONHOME
    hash -r 2>/dev/null || true
    return 0
}

# Run it, clean up the helper functions so sourcing does not litter the caller's shell,
# and propagate the status: `return` when sourced, `exit` when executed.
# (`|| rc=$?` keeps a caller's `set -e` from killing its shell before we report.)
_kiln_setup_rc=0
_kiln_setup_main || _kiln_setup_rc=$?
unset -f _kiln_setup_main _kiln_say _kiln_can_apt _kiln_apt_install 2>/dev/null || true
if [ "${BASH_SOURCE[0]}" != "$0" ]; then
    return "$_kiln_setup_rc"
else
    exit "$_kiln_setup_rc"
fi
