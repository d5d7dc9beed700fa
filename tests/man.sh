#!/bin/sh
# man.sh MUSTER -- the manual is whole and clean: mandoc -T lint finds
# nothing in doc/muster.1, it names the version muster says it is, every
# command and every option of each (from the option tables muster
# completes from), and no option in a command's SYNOPSIS that its table
# lacks, every environment variable the source reads, and every key of
# every kind (from the JSON Schemas `muster schema` writes).  The rule
# ids are held to it by bad.sh.
set -u
muster=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/.." || exit 2
man=doc/muster.1
fail=0 n=0
bad() { fail=$((fail + 1)); echo "FAIL man: $*"; }

n=$((n + 1))
lint=$(mandoc -T lint "$man" 2>&1) || true
[ -z "$lint" ] || bad "mandoc -T lint: $(echo "$lint" | head -5)"

n=$((n + 1))
v=$("$muster" --version | sed 's/^muster //')
grep -q "^version $v\.\$" "$man" || bad "the manual does not say 'version $v.' (muster --version says $v)"

# Every command, and every option of it where that command is described:
# its SYNOPSIS lines and its entry under COMMANDS, or for odds and
# resolve, each game's, the section ODDS AND RESOLUTION.
for c in $("$muster" complete 1 muster '' | grep -v '^-'); do
	n=$((n + 1))
	grep -q "^\.\(It \)\{0,1\}Cm $c\b" "$man" || bad "command '$c' is not described"
	case $c in
	odds|resolve)
		for g in $("$muster" complete 2 muster "$c" ''); do
			"$muster" complete 3 muster "$c" "$g" -- | sed "s/^/$c $g /"
		done ;;
	*)	"$muster" complete 2 muster "$c" -- | sed "s/^/$c - /" ;;
	esac
done > "${TMPDIR:-/tmp}/man-opts.$$"
out=$(python3 - "$man" "${TMPDIR:-/tmp}/man-opts.$$" "$muster" <<'PY'
import re, subprocess, sys
man = open(sys.argv[1]).read().split("\n")
def synopsis_and_entry(cmd):
    """The SYNOPSIS blocks of cmd and its entry under COMMANDS."""
    text, i, sect = [], 0, ""
    while i < len(man):
        l = man[i]
        if l.startswith(".Sh "):
            sect = l[4:]
        if sect == "SYNOPSIS" and l == ".Nm" and i + 1 < len(man) and \
                man[i + 1].startswith(".Cm " + cmd):
            j = i + 1
            while j < len(man) and man[j] != ".Nm" and not man[j].startswith(".Sh"):
                text.append(man[j]); j += 1
        if sect == "COMMANDS" and re.match(r"\.It Cm %s\b" % re.escape(cmd), l):
            j = i
            text.append(l)
            j += 1
            while j < len(man) and not man[j].startswith(".It Cm") and \
                    not man[j].startswith(".Sh"):
                text.append(man[j]); j += 1
        i += 1
    return "\n".join(text)
def section(name):
    text, on = [], False
    for l in man:
        if l.startswith(".Sh "):
            on = l[4:] == name
        elif on:
            text.append(l)
    return "\n".join(text)
n = fail = 0
for line in open(sys.argv[2]):
    cmd, game, opt = line.split()
    # Every command's, described once in DESCRIPTION.
    if opt in ("--help", "--color"):
        continue
    where = section("ODDS AND RESOLUTION") if game != "-" else synopsis_and_entry(cmd)
    name = opt[2:]
    n += 1
    if not re.search(r"(Fl Fl %s\b|(^|[\s\[])--%s\b)" % (re.escape(name), re.escape(name)), where):
        fail += 1
        print("option '%s' of '%s%s' is not where it is described" %
              (opt, cmd, "" if game == "-" else " " + game))
# And the other way: every option a command's SYNOPSIS gives it is in
# its table (a game's command: some game's), so that the manual cannot
# keep an option the program lost.  A short one (-o) is in its --help.
table = {}
for line in open(sys.argv[2]):
    cmd, game, opt = line.split()
    table.setdefault(cmd, set()).add(opt[2:])
helps = {}
sect, cmd = "", None
for i, l in enumerate(man):
    if l.startswith(".Sh "):
        sect = l[4:]
    if sect != "SYNOPSIS":
        continue
    if l == ".Nm":
        nxt = man[i + 1] if i + 1 < len(man) else ""
        cmd = nxt[4:].split()[0] if nxt.startswith(".Cm ") else None
        continue
    if cmd is None:
        continue
    for name in re.findall(r"Fl Fl ([A-Za-z0-9-]+)", l):
        n += 1
        if name not in table.get(cmd, set()) | {"help", "color", "version"}:
            fail += 1
            print("the SYNOPSIS gives '%s' option '--%s', which it does not take" % (cmd, name))
    for letter in re.findall(r"(?<!Fl )Fl ([A-Za-z])\b", l):
        n += 1
        if cmd not in helps:
            helps[cmd] = subprocess.run([sys.argv[3], cmd, "--help"],
                capture_output=True, text=True).stdout
        if not re.search(r"(^|\s)-%s\b" % letter, helps[cmd]):
            fail += 1
            print("the SYNOPSIS gives '%s' option '-%s', which it does not take" % (cmd, letter))
print("#%d %d" % (n, fail))
PY
)
rm -f "${TMPDIR:-/tmp}/man-opts.$$"
echo "$out" | grep -v '^#' | while read -r line; do [ -n "$line" ] && echo "FAIL man: $line"; done
set -- $(echo "$out" | sed -n 's/^#//p')
n=$((n + $1))
fail=$((fail + $2))

# The options every command takes, where they are described.
for o in help color version; do
	n=$((n + 1))
	grep -q "Fl Fl $o\b" "$man" || bad "option '--$o' of every command is not described"
done

# Every environment variable read, directly or as MUSTER_ and a folder.
for v in $({ grep -rhoE 'getenv\("[A-Z_]+"\)' src | sed 's/getenv("//; s/")//'
    grep -rhoE 'paths_(search|find)\("[a-z]+"' src | sed 's/.*("//; s/"//' |
    tr a-z A-Z | sed 's/^/MUSTER_/'; } | sort -u); do
	n=$((n + 1))
	grep -q "^\.It Ev .*\b$v\b" "$man" || bad "environment variable $v is not in ENVIRONMENT"
done

# Every key of every kind and of templates.
out=$(python3 - "$man" schemas/*.json <<'PY'
import json, re, sys
words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", open(sys.argv[1]).read()))
n = 0
def walk(s, f):
    global n
    if isinstance(s, dict):
        for k, v in s.get("properties", {}).items():
            n += 1
            if k not in words:
                print("key '%s' of %s is not in the manual" % (k, f))
            walk(v, f)
        for v in s.values():
            if isinstance(v, (dict, list)):
                walk(v, f)
    elif isinstance(s, list):
        for v in s:
            walk(v, f)
for f in sys.argv[2:]:
    walk(json.load(open(f)), f)
print("#%d" % n)
PY
)
keys=$(echo "$out" | sed -n 's/^#//p')
echo "$out" | grep -v '^#' | while read -r line; do [ -n "$line" ] && echo "FAIL man: $line"; done
missing=$(echo "$out" | grep -vc '^#')
fail=$((fail + missing))
n=$((n + keys))
echo "  man   $n checks (lint, version, commands, options, environment, $keys keys), $fail failures"
[ "$fail" = 0 ]
