#!/usr/bin/env python3
"""tour.py MUSTER -- the README's tour, run as written.

Every command the README shows at a '    $ ' prompt is run, in order, in
a scratch copy of the examples (units/, decks/, examples/), with `muster`
on the PATH being MUSTER; what it prints (stdout and stderr together, as
a terminal shows them when piped) must be what the README shows below
it, line for line.  A line that is only '...' stands for any lines.  A
prompt whose line before is '<!-- tour: not run -->' (a command that
runs until interrupted) is skipped.  So the README and the program
cannot drift apart.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

SKIP = "<!-- tour: not run -->"
MIN_COMMANDS = 25


def blocks(lines):
    """(line number, command, expected lines, skipped) for each prompt."""
    out = []
    i = 0
    while i < len(lines):
        m = re.match(r"^    \$ (.*)$", lines[i])
        if not m:
            i += 1
            continue
        skipped = i > 0 and lines[i - 1].strip() == SKIP
        start, cmd, want = i + 1, m.group(1), []
        i += 1
        while i < len(lines):
            line = lines[i]
            if re.match(r"^    \$ ", line):
                break
            if line.startswith("    "):
                want.append(line[4:])
            elif line.strip() == "":
                # A blank line inside the block, if it goes on.
                j = i
                while j < len(lines) and lines[j].strip() == "":
                    j += 1
                if j < len(lines) and lines[j].startswith("    ") and \
                        not re.match(r"^    \$ ", lines[j]) and want:
                    want.extend([""] * (j - i))
                    i = j
                    continue
                break
            else:
                break
            i += 1
        out.append((start, cmd, want, skipped))
    return out


def matches(want, got):
    """Whether got fits want, where a '...' line is any lines."""
    if not want:
        return not got
    if want[0].strip() == "...":
        return any(matches(want[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and want[0] == got[0] and matches(want[1:], got[1:])


def main():
    muster = os.path.abspath(sys.argv[1])
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    readme = open(os.path.join(top, "README.md"), encoding="utf-8").read()
    work = tempfile.mkdtemp(prefix="muster-tour-")
    try:
        os.mkdir(os.path.join(work, "bin"))
        os.symlink(muster, os.path.join(work, "bin", "muster"))
        run = os.path.join(work, "run")
        os.mkdir(run)
        for d in ("units", "decks", "examples", "schemas"):
            shutil.copytree(os.path.join(top, d), os.path.join(run, d))
        env = dict(os.environ)
        env["PATH"] = os.path.join(work, "bin") + os.pathsep + env["PATH"]
        for k in ("NO_COLOR", "PAPERSIZE", "PAPERCONF", "LC_ALL", "LC_PAPER"):
            env.pop(k, None)
        env["LANG"] = "C.UTF-8"
        env["MUSTER_TEMPLATES"] = os.path.join(top, "templates")
        env["MUSTER_DECKS"] = os.path.join(run, "decks")
        env["MUSTER_UNITS"] = os.path.join(run, "units")
        env["MUSTER_SCHEMAS"] = os.path.join(run, "schemas")
        fail = n = skipped = 0
        for line, cmd, want, skip in blocks(readme.split("\n")):
            if skip:
                skipped += 1
                continue
            n += 1
            # A session of its own, so that a timeout ends every
            # process of the command line, not the shell alone.
            p = subprocess.Popen(cmd, shell=True, cwd=run, env=env,
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT,
                                 start_new_session=True)
            try:
                out, _ = p.communicate(timeout=120)
                got = out.decode("utf-8", "replace").split("\n")
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.communicate()
                got = ["(timed out after 120 s)"]
            while got and got[-1] == "":
                got.pop()
            while want and want[-1] == "":
                want.pop()
            if not matches(want, got):
                fail += 1
                print("FAIL tour: README.md:%d: $ %s" % (line, cmd))
                print("  the README shows:")
                for w in want:
                    print("    | " + w)
                print("  it prints:")
                for g in got:
                    print("    | " + g)
        # The README's indentation drifting would leave nothing to run.
        if n < MIN_COMMANDS:
            fail += 1
            print("FAIL tour: only %d commands found in README.md; the "
                  "tour has more than %d" % (n, MIN_COMMANDS))
        print("  tour  %d README commands, %d not run, %d failures" %
              (n, skipped, fail))
        return 1 if fail else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
