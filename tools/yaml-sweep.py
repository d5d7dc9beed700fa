#!/usr/bin/env python3
"""yaml-sweep.py [MUSTER [N [SEED]]] -- a mutation sweep of YAML syntax errors.

Run from the top of the tree.  Makes N mutated copies (default 3000) of
the shipped units/, decks/ and examples/ files, each with one or two
small edits (a character dropped or inserted, a line inserted, indented,
dedented, joined, duplicated or the rest cut), runs `MUSTER check` (default
./muster) over them, and reports

  * the yaml.syntax errors that still give libyaml's phrase alone, by
    phrase, with one file that shows each (SPEC 2: every syntax error in
    plain words, "not only libyaml's phrase"), and
  * for the mutants of a single edit on one line, how often the error
    points at that line.

The mutants go into a temporary folder, removed at the end unless KEEP=1
(then its path is printed).  STRICT=1 exits 1 when any phrase is left.
Not part of make check (3000 mutants take about 2 s): a tool to find the
next phrase worth plain words, and to compare two builds on one seed.
"""
import glob, os, random, re, shutil, subprocess, sys, tempfile, collections

LIBYAML = re.compile(r'(while (parsing|scanning)|^did not find|^found |'
                     r'^could not find|^mapping (values|keys) are not '
                     r'allowed|^block sequence entries)')
INSERT = list(":-[]{}'\"#%&*!|>?,@`\t ") + [
    '---', '...', '%YAML 1.2', '\ufeff', 'oops', '- x', 'a: b: c']


def mutate(rnd, lines):
    """One edit of lines; the 1-based line it touched."""
    i = rnd.randrange(len(lines))
    s = lines[i]
    k = rnd.randrange(8)
    if k == 0 and s:
        j = rnd.randrange(len(s))
        lines[i] = s[:j] + s[j + 1:]
    elif k == 1:
        j = rnd.randrange(len(s) + 1)
        lines[i] = s[:j] + rnd.choice(INSERT) + s[j:]
    elif k == 2:
        lines.insert(i, rnd.choice(INSERT + ['junk text', '  - item',
                                             'key:value']))
    elif k == 3:
        lines[i] = '  ' + s
    elif k == 4:
        lines[i] = s.lstrip(' ')
    elif k == 5 and i + 1 < len(lines):
        lines[i] = s + ' ' + lines[i + 1].lstrip()
        del lines[i + 1]
    elif k == 6:
        del lines[i:]
    else:
        lines.insert(i, s)
    return i + 1


def main():
    muster = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else './muster')
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    srcs = sorted(glob.glob('units/*/*.yaml') + glob.glob('decks/*.yaml') +
                  glob.glob('examples/**/*.yaml', recursive=True))
    if not srcs:
        sys.exit('yaml-sweep: run it from the top of the tree')
    tmp = tempfile.mkdtemp(prefix='yaml-sweep.')
    where = {}          # file -> the line of its one edit, or None
    for i in range(n):
        with open(rnd.choice(srcs), encoding='utf-8') as f:
            lines = f.read().split('\n')
        edits = rnd.randrange(1, 3)
        line = None
        for _ in range(edits):
            line = mutate(rnd, lines) if lines else None
        path = os.path.join(tmp, 'm%05d.yaml' % i)
        with open(path, 'w', encoding='utf-8') as f:
            f.write('\n'.join(lines))
        where[path] = line if edits == 1 else None
    phrases = collections.Counter()
    example = {}
    total = aimed = hit = 0
    names = list(where)
    for i in range(0, len(names), 200):
        r = subprocess.run([muster, 'check'] + names[i:i + 200],
                           capture_output=True, text=True, errors='replace')
        for out in r.stderr.splitlines():
            m = re.match(r'(.*?):(\d+):\d+: error: (.*) \[yaml\.syntax\]$',
                         out)
            if not m or m.group(1) not in where:
                continue
            total += 1
            msg = re.sub(r' \(started at line \d+\)', '', m.group(3))
            if LIBYAML.search(msg):
                phrases[msg] += 1
                example.setdefault(msg, m.group(1))
            if where[m.group(1)] is not None:
                aimed += 1
                hit += int(m.group(2)) == where[m.group(1)]
    print('%d mutants: %d syntax errors, %d in libyaml\'s phrase alone'
          % (n, total, sum(phrases.values())))
    print('one-edit mutants: %d of %d syntax errors at the edited line'
          % (hit, aimed))
    for msg, count in phrases.most_common():
        print('%5d  %s  (%s)' % (count, msg, os.path.basename(example[msg])))
    if os.environ.get('KEEP') == '1':
        print('mutants kept in', tmp)
    else:
        shutil.rmtree(tmp)
    if os.environ.get('STRICT') == '1' and phrases:
        sys.exit(1)


main()
