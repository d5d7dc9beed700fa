#!/usr/bin/python3
# adv.py -- writes the adversarial cases tests/bad/adv-*.yaml with their
# .expected (and .status when not 1) from the shipped examples, one attack
# on each kind: encodings (BOM, UTF-16, Latin-1, NUL, CR, CRLF), tags,
# merge keys, aliases as keys, numbers past 64 bits and not decimal,
# NaN and infinity, wrong shapes, empty, null and huge values, control
# characters.  Run from tests/bad after a change that means to alter
# what muster says, then read the diff: each .expected is a golden.
import os, re, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lists
R = '../../'
MUSTER = os.path.abspath(R + 'muster')
def rd(p): return open(R + p, 'rb').read()
def strip_schema(b):
    return b'\n'.join(l for l in b.split(b'\n') if not l.startswith(b'# yaml-language-server'))
bases = {
 'card': strip_schema(rd('units/shellshock/mason.yaml')),
 'sheet': strip_schema(rd('tests/fuzz/seeds/shellshock-sheet.yaml')),
 'force': strip_schema(rd('units/shellshock-forces/demo.yaml')).replace(b'../shellshock/', b'../../units/shellshock/'),
 'battalions': strip_schema(rd('decks/battalions.yaml')),
 'tactics': strip_schema(rd('decks/tactics.yaml')),
 'lineup': strip_schema(rd('decks/lineup.yaml')).replace(b'deck: battalions.yaml', b'deck: ../../decks/battalions.yaml'),
 'reference': strip_schema(rd('decks/reference.yaml')),
 'specialties': strip_schema(rd('decks/specialties.yaml')),
 'shambattle': strip_schema(rd('units/shambattle/red.yaml')),
 'shock': strip_schema(rd('units/shock/alpha.yaml')),
 'template': b'template: adv\nextends: shellshock-card\ndescription: a restyled card\nelements:\n  - {name: name, colour: "#0000aa"}\n',
}
# The (system, kind) each base above is: every other kind muster has
# gets its starter (muster new) as its base, named SYSTEM-KIND, so that
# a new kind has its cases with nothing written here.
covers = {'card': ('shellshock', 'card'), 'sheet': ('shellshock', 'sheet'),
          'force': ('shellshock', 'force'), 'battalions': ('ssg', 'battalions'),
          'tactics': ('ssg', 'tactics'), 'lineup': ('ssg', 'lineup'),
          'reference': ('ssg', 'reference'), 'specialties': ('ssg', 'specialties'),
          'shambattle': ('shambattle', 'army'), 'shock': ('shock', 'squad')}
for s, k in lists.kinds(MUSTER):
    if (s, k) not in covers.values():
        bases['%s-%s' % (s, k)] = lists.starter(MUSTER, s, k)
# A whole number of each base, for number attacks.
numkey = {'card': b'gunners: 2', 'sheet': b'ecv: 132', 'force': b'declared_ecv: 298',
          'battalions': b'copies: 2', 'shock': b'toughness: 6', 'lineup': None,
          'tactics': None, 'reference': None, 'specialties': None,
          'shambattle': b'sp: 2', 'template': None}
def name_line(b):
    m = re.search(rb'^(name|description): .*$', b, re.M)
    return m
def set_name(b, v):
    m = name_line(b)
    return b[:m.start()] + m.group(1) + b': ' + v + b[m.end():]
cases = {}
def case(n, comment, body):
    k = next(b for b in sorted(bases, key=len, reverse=True) if n.endswith('-' + b))
    if body == bases.get(k):
        return          # the attack does not apply to this kind
    cases[n] = (comment, body)
for k, b in bases.items():
    c = '# %s: ' % k
    case('adv-bom-%s' % k, None, b'\xef\xbb\xbf' + b)
    case('adv-crlf-%s' % k, c + 'every line ends CRLF; read as LF', b.replace(b'\n', b'\r\n'))
    case('adv-cr-%s' % k, None, b.replace(b'\n', b'\r'))
    case('adv-latin1-%s' % k, c + 'a name in Latin-1, not UTF-8', set_name(b, b'J\xe4ger'))
    case('adv-python-tag-%s' % k, c + 'a tag asking to run code', set_name(b, b'!!python/object/apply:os.system ["true"]'))
    case('adv-binary-tag-%s' % k, c + 'a name given as !!binary', set_name(b, b'!!binary aGVsbG8='))
    case('adv-escape-%s' % k, c + 'a name holding a terminal escape and a right-to-left override', set_name(b, b'"\\e[31mRed\\e[0m \\u202eevil"'))
    case('adv-long-%s' % k, c + 'a name of 10,000 characters', set_name(b, b'x' * 10000))
    case('adv-nul-%s' % k, None, set_name(b, b'ab\x00cd'))
    case('adv-utf16-%s' % k, None, b'\xff\xfe' + b.decode('utf-8').encode('utf-16-le'))
    case('adv-list-%s' % k, c + 'the document a list of itself', b'- ' + b.replace(b'\n', b'\n  ').rstrip() + b'\n')
    case('adv-merge-%s' % k, c + 'keys merged in from an anchor (<<), name among them',
         re.sub(rb'^name: (.*)$', rb'base: &b {name: \1}\n<<: *b', b, count=1, flags=re.M))
    case('adv-tabs-%s' % k, c + 'indented with a tab', re.sub(rb'\n  (\S)', rb'\n\t\1', b, count=1))
    case('adv-alias-key-%s' % k, c + 'an alias used as a key', re.sub(rb'^name: (.*)$', rb'&k name: \1\n*k : again', b, count=1, flags=re.M))
    case('adv-null-name-%s' % k, c + 'the name given as null', set_name(b, b'~'))
    case('adv-empty-name-%s' % k, c + 'the name given as an empty mapping', set_name(b, b'{}'))
    case('adv-shape2-%s' % k, c + 'a second-level value given as a mapping of lists',
         re.sub(rb'^(  [a-z_]+): [^\n]*$', rb'\1: {deep: [1, {deeper: [x]}]}', b, count=1, flags=re.M))
    case('adv-shape-seq-%s' % k, c + 'the first list given as a mapping',
         re.sub(rb'^([a-z_]+): \[[^\n]*\]$', rb'\1: {not: a list}', b, count=1, flags=re.M))
    case('adv-empty-list-%s' % k, c + 'the first list given empty',
         re.sub(rb'^([a-z_]+): \[[^\n]*\]$', rb'\1: []', b, count=1, flags=re.M))
    if numkey.get(k):
        key, val = numkey[k].split(b': ')
        for tag, v in [('big', b'99999999999999999999'), ('nan', b'.nan'), ('inf', b'-.inf'),
                       ('hex', b'0x10'), ('octal', b'0o17'), ('under', b'1_000'), ('bool', b'yes'),
                       ('float', b'2.5')]:
            case('adv-num-%s-%s' % (tag, k), c + '%s given %s' % (key.decode(), v.decode()),
                 b.replace(numkey[k], key + b': ' + v, 1))
os.makedirs('.', exist_ok=True)
env = dict(os.environ, MUSTER_TEMPLATES='../../templates', MUSTER_DECKS='../../decks', MUSTER_UNITS='../../units')
for n, (comment, body) in sorted(cases.items()):
    data = body if comment is None else ('# ' + comment.lstrip('# ') + '\n').encode() + body
    open(n + '.yaml', 'wb').write(data)
    p = subprocess.run(['../../muster', 'check', n + '.yaml'], capture_output=True, env=env)
    open(n + '.expected', 'wb').write(lists.golden(MUSTER, p.stderr))
    if p.returncode != 1:
        open(n + '.status', 'w').write('%d\n' % p.returncode)
    elif os.path.exists(n + '.status'):
        os.remove(n + '.status')
print(len(cases))
