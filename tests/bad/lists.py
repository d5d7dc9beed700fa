"""lists.py -- what muster says of itself, for the generators of the
golden cases (adv.py, hostile.py): its systems, record types and kinds,
and each kind's starter (muster new).  A golden that names every system
or every record type says @SYSTEMS@ or @TYPES@ instead (tests/bad.sh
expands them from the same lists), so that a new game changes no golden
and every kind gets its cases with nothing written for it."""
import subprocess


def _out(muster, *args):
    return subprocess.run([muster] + list(args), capture_output=True,
                          check=True).stdout.decode()


def systems(muster):
    """The systems, in the order of the table of games."""
    seen = []
    for line in _out(muster, "schema", "--list").split("\n"):
        w = line.split()
        if len(w) == 2 and w[0] not in seen:
            seen.append(w[0])
    return seen


def types(muster):
    """The record types, in the order of the table of games."""
    return _out(muster, "templates", "--types").split()


def kinds(muster):
    """Every (system, kind) muster new has a starter for."""
    return [tuple(l.split()) for l in _out(muster, "new", "--list").split("\n")
            if len(l.split()) == 2]


def starter(muster, system, kind):
    """The starter of a kind, as bytes, without its schema line."""
    return b"\n".join(l for l in subprocess.run(
        [muster, "new", system, kind], capture_output=True,
        check=True).stdout.split(b"\n")
        if not l.startswith(b"# yaml-language-server"))


def golden(muster, err):
    """err (bytes) with the whole lists of systems and record types
    written as @SYSTEMS@ and @TYPES@."""
    return err.replace(", ".join(types(muster)).encode(), b"@TYPES@") \
              .replace(", ".join(systems(muster)).encode(), b"@SYSTEMS@")
