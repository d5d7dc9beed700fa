#!/usr/bin/python3
"""watch.py MUSTER DIR RUNS -- `make bench`'s --watch figure (SPEC
section 7): the time from a save to the line that says the PDF is
written.  DIR holds ember-tide.yaml, a deck of 100 cards with pictures
(bench/run.sh makes it from decks/ember-tide).  A watch runs over it;
each run appends a line to the deck's data file, as an editor's save
would, and waits for the watch's next line.  Then a burst: five writes
at once, which must render once.  Prints the median latency with the
lowest and highest, the processor time the watch took a save (its
threads' user and system time over all the saves, from /proc: what a
busy machine does not inflate as it does the latency), and the renders
the burst made.  A figure, not a test: nothing here fails on time."""
import os
import subprocess
import sys
import time

muster, folder, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
deck = os.path.join(folder, "ember-tide.yaml")
data = os.path.join(folder, "ember-tide", "cards.csv")
out = os.path.join(folder, "w.pdf")
p = subprocess.Popen([muster, "render", "--watch", "-o", out, deck],
                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                     bufsize=0)


def cpu():
    """The watch's processor time so far, in seconds (Linux)."""
    try:
        f = open("/proc/%d/stat" % p.pid).read()
    except OSError:
        return 0.0
    v = f[f.rindex(")") + 2:].split()
    return (int(v[11]) + int(v[12])) / os.sysconf("SC_CLK_TCK")


def line(limit=30):
    """The watch's next line (it prints one a render), or None."""
    buf = b""
    end = time.monotonic() + limit
    os.set_blocking(p.stdout.fileno(), False)
    while time.monotonic() < end:
        try:
            b = p.stdout.read(4096)
        except BlockingIOError:
            b = None
        if b:
            buf += b
            if buf.endswith(b"\n"):
                return buf
        else:
            time.sleep(0.001)
    return None


if line() is None:
    sys.exit("watch.py: the watch wrote nothing")
times = []
original = open(data).read()
c0 = cpu()
for k in range(runs):
    time.sleep(0.3)
    # A save: the file written whole and closed.
    with open(data, "w") as f:
        f.write(original + ("\n" * (k % 2)))
        t = time.monotonic()
    if line() is None:
        sys.exit("watch.py: no render after a save")
    times.append(time.monotonic() - t)
per = (cpu() - c0) / runs
time.sleep(0.3)
for k in range(5):
    with open(data, "w") as f:
        f.write(original + ("\n" * (k % 2)))
renders = 0
while line(1.0) is not None:
    renders += 1
p.terminate()
p.wait()
open(data, "w").write(original)
times.sort()
print("%.3f (%.3f-%.3f) s from save to the written line, %d saves, "
      "%.3f s of CPU a save; a burst of 5 saves rendered %d time%s" % (
          times[(len(times) - 1) // 2], times[0], times[-1], len(times),
          per, renders, "" if renders == 1 else "s"))
