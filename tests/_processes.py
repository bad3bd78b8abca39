"""Pressing Ctrl-C on a `paperbot` command run as a person runs it: in a process of its own."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

TIMEOUT_S = 60  # far beyond any run here: only a hung command waits this long


def ctrl_c_once_ready(arguments: Sequence[str], ready: Callable[[], bool]) -> subprocess.CompletedProcess[str]:
    """Run `python -m bot ARGUMENTS`, send it SIGINT (Ctrl-C) once `ready()` says so, and return its outcome.

    `ready` looks at what the command has done (a write lock taken, a batch stored), not at a guessed
    duration, so the signal lands mid-work on a slow machine too. A command that ends before it is ready
    is not waited for (its status then tells the test), and the process never outlives the test.
    """
    command = [sys.executable, "-m", "bot", *arguments]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while not ready() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=TIMEOUT_S)
    finally:
        proc.kill()
    return subprocess.CompletedProcess(command, proc.returncode, out, err)
