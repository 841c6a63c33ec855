"""What the fuzzers (run, cli, preview) share: where the repo and the binary are, the address-space
limit of their children, how a child is run with a hang limit, and how a command line is quoted
for the line that reproduces a failure."""
import os
import resource
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# A hang never ends: the limit is far above what a run takes, for a busy machine stretches a
# run's wall-clock time many times over (the REPL's eight lines may each use a second of CPU).
HANG = 120.0
ADDRESS_LIMIT = int(os.environ.get("TESSERA_FUZZ_ADDRESS_LIMIT_GB", "8")) << 30


def limit_address_space():
    # A host allocation sized by a script must fail, not take the machine's memory (0: no limit,
    # for sanitized builds, which reserve terabytes of shadow address space).
    if ADDRESS_LIMIT > 0:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_LIMIT, ADDRESS_LIMIT))


def tessera_binary(who="fuzz"):
    """TESSERA_FUZZ_BIN or the debug build, made absolute; exits saying so when it is not there."""
    binary = os.path.abspath(os.environ.get("TESSERA_FUZZ_BIN", os.path.join(ROOT, ".build/debug/tessera")))
    if not os.access(binary, os.X_OK):
        sys.exit(f"{who}: no tessera to fuzz at {binary}: build it first (swift build) or set TESSERA_FUZZ_BIN")
    return binary


def run_child(binary, args, cwd, env, stdin=None):
    """(exit status or -signal, or None when it still ran after HANG s and was killed; stderr)."""
    child = subprocess.Popen([binary] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                             preexec_fn=limit_address_space, cwd=cwd, env=env)
    try:
        _, err = child.communicate(input=stdin.encode() if stdin is not None else None, timeout=HANG)
    except subprocess.TimeoutExpired:
        child.kill()
        _, err = child.communicate()
        return None, err.decode("utf-8", "replace")
    return child.returncode, err.decode("utf-8", "replace")


def shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"
