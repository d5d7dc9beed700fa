#!/usr/bin/python3
"""schema_check.py MUSTER -- the JSON Schemas that `muster schema` writes
hold to what `muster check` does (SPEC section 9), run from the top of the
tree by tests/schema.sh with Debian's python3-jsonschema and python3-yaml.

1. schemas/SYSTEM-KIND.json is what `muster schema SYSTEM KIND` prints now.
2. Every shipped example (units/, decks/, templates/) is valid against the
   schema of each of its documents, and names that schema on its first line.
3. Every tests/bad case document that `check` finds a type, enum, range,
   missing or unknown key in is invalid against its schema (a variant's
   missing key aside: its base is another file); every one in which
   check finds no error at all is valid.
"""
import glob
import json
import os
import re
import subprocess
import sys

import jsonschema
import yaml

muster = sys.argv[1]
fail = 0
counts = {"schemas": 0, "examples": 0, "rejected": 0, "accepted": 0,
          "skipped": 0}


def bad(msg):
    global fail
    fail += 1
    print("FAIL schema: " + msg)


class Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """YAML 1.2's core schema, as muster and the YAML language server
    read it: only true/false are booleans, 1_000 is text, nothing is a
    date; and a plain '<<' merges (YAML 1.1's merge key, which both
    apply: its own keys win, then the earlier merged mapping).  Parsed
    by libyaml, as muster parses it (Debian's python3-yaml has it): the
    pure-Python parser took 5 of this check's 8 s of processor time,
    and reads five of the hostile cases otherwise than muster does."""


Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v
        if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
                       "tag:yaml.org,2002:float",
                       "tag:yaml.org,2002:timestamp")]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
Loader.add_implicit_resolver(
    "tag:yaml.org,2002:int",
    re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
    list("-+0123456789"))
Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
               r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+.0123456789"))


def construct_int(loader, node):
    v = loader.construct_scalar(node)
    return int(v, 16) if v.startswith("0x") else \
        int(v[2:], 8) if v.startswith("0o") else int(v)


Loader.add_constructor("tag:yaml.org,2002:int", construct_int)


def jsonable(v):
    if isinstance(v, dict):
        return {str(k): jsonable(x) for k, x in v.items()}
    if isinstance(v, list):
        return [jsonable(x) for x in v]
    return v


def documents(path):
    """[(first line, last line, data)] of each document (1-based)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    starts = [0] + [i + 1 for i, l in enumerate(lines)
                    if l.rstrip() == "---" or l.startswith("--- ")]
    datas = list(yaml.load_all(text, Loader=Loader))
    if len(datas) != len(starts):
        # a leading '---': the first range is empty
        starts = starts[len(starts) - len(datas):]
    out = []
    for i, d in enumerate(datas):
        end = starts[i + 1] if i + 1 < len(starts) else len(lines)
        out.append((starts[i] + 1, end, jsonable(d)))
    return out


schemas = {}
pairs = subprocess.run([muster, "schema", "--list"], capture_output=True,
                       text=True, check=True).stdout.split("\n")
for pair in filter(None, pairs):
    args = pair.split()
    name = "-".join(args)
    now = subprocess.run([muster, "schema"] + args, capture_output=True,
                         text=True, check=True).stdout
    path = "schemas/%s.json" % name
    if not os.path.exists(path) or open(path).read() != now:
        bad("%s is not what 'muster schema %s' prints: run make" %
            (path, pair))
    s = json.loads(now)
    jsonschema.Draft202012Validator.check_schema(s)
    schemas[name] = jsonschema.Draft202012Validator(s)
    counts["schemas"] += 1


def base_kind(doc, path, depth=0):
    """The system and kind a variant's bases give, as muster looks at
    them (base_has_system in system_variant.c): None when none says."""
    ext = doc.get("extends")
    if not isinstance(ext, str) or depth > 8:
        return None
    base = os.path.join(os.path.dirname(path), ext)
    # The corpus's huge and alias-bombed bases are muster's to refuse;
    # a base that says its system is a small file.
    try:
        if not base.endswith(".yaml") or os.path.getsize(base) > 65536:
            return None
        first = documents(base)[0][2]
    except Exception:
        return None
    if not isinstance(first, dict):
        return None
    if "system" in first:
        return first.get("system"), doc.get("kind", first.get("kind"))
    return base_kind(first, base, depth + 1)


def schema_for(doc, path=None):
    if not isinstance(doc, dict):
        return None, None
    # A template has template: and no system: (a deck of any game may
    # name its template), unless it is a variant whose base says its
    # system (a deck printed through another template).
    if "template" in doc and "system" not in doc:
        sk = base_kind(doc, path) if path and "extends" in doc else None
        if sk is None:
            return "template", schemas["template"]
        name = "%s-%s" % sk
        return name, schemas.get(name)
    name = "%s-%s" % (doc.get("system"), doc.get("kind"))
    return name, schemas.get(name)


def errors(v, doc):
    return sorted(v.iter_errors(doc), key=lambda e: list(e.path))


# 2. The examples.
examples = sorted(glob.glob("units/**/*.yaml", recursive=True) +
                  glob.glob("decks/*.yaml") + glob.glob("templates/*.yaml") +
                  glob.glob("examples/**/*.yaml", recursive=True))
for path in examples:
    docs = documents(path)
    names = set()
    for first, last, doc in docs:
        name, v = schema_for(doc)
        if v is None:
            bad("%s:%d: no schema for this document" % (path, first))
            continue
        names.add(name)
        for e in errors(v, doc)[:3]:
            bad("%s:%d: %s: %s" % (path, first,
                "/".join(map(str, e.path)), e.message[:200]))
        counts["examples"] += 1
    head = open(path, encoding="utf-8").readline()
    want = "# yaml-language-server: $schema=%s/schemas/%s.json" % (
        os.path.relpath(".", os.path.dirname(path)), min(names or [""]))
    if len(names) == 1 and head.rstrip("\n") != want:
        bad("%s: its first line is not '%s'" % (path, want))

# 3. The bad cases: where check finds a key's type, value or range wrong,
# or a key missing or unknown, the schema does too; where check finds
# nothing wrong, neither does the schema.
SCHEMA_RULES = {"yaml.type", "yaml.enum", "yaml.range", "yaml.missing-key",
                "yaml.unknown-key"}
# What check calls each kind of problem a schema finds.
AS_RULE = {"type": "yaml.type", "enum": "yaml.enum", "const": "yaml.enum",
           "minimum": "yaml.range", "maximum": "yaml.range",
           "minItems": "yaml.range", "maxItems": "yaml.range",
           "minLength": "yaml.range", "maxLength": "yaml.range",
           "pattern": "yaml.range", "required": "yaml.missing-key",
           "additionalProperties": "yaml.unknown-key"}
# A wrong type and a value not allowed are one to a schema: an empty
# value where one of a list is wanted is either.
SAME = {"yaml.enum": "yaml.type"}
UNREADABLE = {"yaml.syntax", "yaml.duplicate-key", "yaml.binary",
              "yaml.alias", "yaml.depth", "yaml.size", "yaml.empty",
              "io.read", "yaml.not-map"}
diag = re.compile(r"^(.*?):(\d+):\d+: (error|warning|note): (.*) \[([a-z.-]+)\]$")
# Once YAML is read, 9.0 is 9: a schema cannot tell the whole number that
# check refuses written so.
# Nor 0x10 and 0o17, which YAML 1.2 reads as whole numbers and check
# refuses as not written in decimal.
WHOLE_AS_DECIMAL = re.compile(
    r"must be a whole number, not '(?:[-+]?\d+\.0*|0x[0-9a-fA-F]+|0o[0-7]+)'"
    # NaN passes every bound of a schema; a key holding a NUL is a key
    # the schema does not have, where check tells the NUL.
    r"|not '\.(?:nan|NaN|NAN)'|a value holds a NUL character"
    # A name tagged !!int is refused where the plain 5 is a name: JSON
    # Schema sees the number either way (SPEC 8, yaml.type).
    r"|tagged as a number or a yes/no")
for path in sorted(glob.glob("tests/bad/*.yaml")):
    base = path[:-5]
    if os.path.islink(path):
        continue
    if os.path.exists(base + ".args"):
        if not open(base + ".args").read().startswith("check @"):
            continue
    case = os.path.basename(path)
    found = []
    for line in open(base + ".expected", encoding="utf-8",
                     errors="replace"):
        m = diag.match(line.rstrip("\n"))
        if m and m.group(1) in (case, "./" + case):
            found.append((int(m.group(2)), m.group(3),
                          "skip" if WHOLE_AS_DECIMAL.search(m.group(4))
                          else SAME.get(m.group(5), m.group(5))))
    if any(r in UNREADABLE or r.startswith("io.") for _, _, r in found):
        counts["skipped"] += 1
        continue
    try:
        docs = documents(path)
    except Exception:
        counts["skipped"] += 1
        continue
    for first, last, doc in docs:
        name, v = schema_for(doc, path)
        if v is None:
            continue
        mine = [(lv, r) for ln, lv, r in found if first <= ln <= last]
        if any(r == "skip" for lv, r in mine):
            continue    # a problem no schema can see decides it
        errs = errors(v, doc)
        want = {r for lv, r in mine if lv == "error" and r in SCHEMA_RULES}
        # A variant's keys are its base's too: a key missing from both
        # is check's to see, not a schema's of one file.
        if "extends" in doc:
            want.discard("yaml.missing-key")
        if want:
            counts["rejected"] += 1
            got = {SAME.get(r, r) for r in
                   (AS_RULE.get(e.validator, "?") for e in errs)}
            if not want <= got:
                bad("%s:%d: check finds %s; the %s schema finds %s" %
                    (path, first, ", ".join(sorted(want)), name,
                     ", ".join(sorted(got)) or "nothing"))
        elif not any(lv == "error" for lv, r in mine):
            counts["accepted"] += 1
            for e in errs[:2]:
                bad("%s:%d: check finds no error; the %s schema says "
                    "%s: %s" % (path, first, name,
                                "/".join(map(str, e.path)), e.message[:200]))

print("  schema %d schemas, %d example documents valid, %d bad documents "
      "rejected, %d accepted as check does (%d cases skipped: not YAML "
      "a schema reads), %d failures" % (
          counts["schemas"], counts["examples"], counts["rejected"],
          counts["accepted"], counts["skipped"], fail))
sys.exit(1 if fail else 0)
