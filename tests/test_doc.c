/*
 * test_doc.c -- YAML to node trees (doc.h): types, places, scalar styles,
 * documents, duplicate and non-text keys, limits, aliases, merge keys,
 * node_merge(), syntax errors, scalar conversions and node_what().
 */
#include "testutil.h"

#include <limits.h>

/* ---- helpers ---- */

/* The value of key v in the document "v: TEXT". */
static const struct node *
value_of(struct arena *a, const char *text)
{
	struct sbuf sb = SBUF_INIT;
	struct node *root;

	sb_addf(&sb, "v: %s\n", text);
	root = parse_yaml("v.yaml", sb.buf, a);
	sb_release(&sb);
	assert_non_null(root);
	assert_non_null(node_get(root, "v"));
	return node_get(root, "v");
}

/* Reads every document of text; returns how many, and the diagnostics. */
static int
read_all_docs(const char *name, const char *text, struct capture *c,
    int *failed)
{
	struct arena *a = arena_new();
	struct reader *r = reader_open_mem(name, text, strlen(text));
	int n = 0;

	while (reader_next(r, a) != NULL) {
		n++;
		arena_reset(a);
	}
	*failed = reader_failed(r);
	reader_close(r);
	arena_free(a);
	(void)cap_text(c);
	return n;
}

/* ---- tree shape and places ---- */

static void
test_node_types(void **state)
{
	struct arena *a = arena_new();
	const struct node *root, *b, *c;

	(void)state;
	root = parse_yaml("t.yaml", "a: 1\nb: [x, y]\nc: {d: e}\n", a);
	assert_non_null(root);
	assert_int_equal(root->type, N_MAP);
	assert_int_equal(root->n, 3);	/* pairs, not nodes */
	assert_string_equal(MAP_KEY(root, 0)->str, "a");
	assert_int_equal(MAP_VAL(root, 0)->type, N_SCALAR);
	assert_string_equal(MAP_VAL(root, 0)->str, "1");
	assert_int_equal(MAP_VAL(root, 0)->len, 1);
	b = node_get(root, "b");
	assert_int_equal(b->type, N_SEQ);
	assert_int_equal(b->n, 2);
	assert_string_equal(b->kid[0]->str, "x");
	assert_string_equal(b->kid[1]->str, "y");
	c = node_get(root, "c");
	assert_int_equal(c->type, N_MAP);
	assert_string_equal(get_str(c, "d", NULL), "e");
	/* Every node names the file it came from. */
	assert_string_equal(root->file, "t.yaml");
	assert_string_equal(b->kid[1]->file, "t.yaml");
	/* weight counts nodes: root, 3 keys, "1", seq + 2, map + key + value. */
	assert_int_equal(root->weight, 1 + 3 + 1 + 3 + 3);
	arena_free(a);
}

static void
test_places_are_one_based(void **state)
{
	struct arena *a = arena_new();
	const struct node *root, *mv;

	(void)state;
	root = parse_yaml("mason.yaml",
	    "# a comment line\n"
	    "name: Mason\n"
	    "movement:\n"
	    "  max_speed: 9\n"
	    "  terrain: {open: 1, rough: 2}\n", a);
	assert_non_null(root);
	/* A block mapping starts at its first key: line 2, column 1. */
	assert_int_equal(root->line, 2);
	assert_int_equal(root->col, 1);
	/* "Mason" starts after "name: ", the 7th column. */
	assert_int_equal(node_get(root, "name")->line, 2);
	assert_int_equal(node_get(root, "name")->col, 7);
	assert_int_equal(node_key(root, "name")->col, 1);
	mv = node_get(root, "movement");
	assert_int_equal(mv->line, 4);
	assert_int_equal(mv->col, 3);
	assert_int_equal(node_key(mv, "max_speed")->line, 4);
	assert_int_equal(node_key(mv, "max_speed")->col, 3);
	assert_int_equal(node_get(mv, "max_speed")->col, 14);
	/* Flow mapping: the "{" at column 12; "rough" at column 22. */
	assert_int_equal(node_get(mv, "terrain")->line, 5);
	assert_int_equal(node_get(mv, "terrain")->col, 12);
	assert_int_equal(node_key(node_get(mv, "terrain"), "rough")->col, 22);
	assert_int_equal(node_get(node_get(mv, "terrain"), "rough")->col, 29);
	arena_free(a);
}

static void
test_plain_and_quoted_scalars(void **state)
{
	struct arena *a = arena_new();
	const struct node *root;

	(void)state;
	root = parse_yaml("t.yaml",
	    "a: n\n"
	    "b: \"n\"\n"
	    "c: 'n'\n"
	    "d: !!str n\n"
	    "e: |\n  n\n"
	    "f: >\n  n\n"
	    "g: 12\n", a);
	assert_non_null(root);
	/* Only a plain scalar can be a number, a bool or null. */
	assert_int_equal(node_get(root, "a")->plain, 1);
	assert_int_equal(node_get(root, "b")->plain, 0);
	assert_int_equal(node_get(root, "c")->plain, 0);
	assert_int_equal(node_get(root, "d")->plain, 0);	/* tagged text */
	assert_int_equal(node_get(root, "e")->plain, 0);
	assert_int_equal(node_get(root, "f")->plain, 0);
	assert_int_equal(node_get(root, "g")->plain, 1);
	/* The text is the same whatever the style (block keeps a newline). */
	assert_string_equal(node_get(root, "b")->str, "n");
	assert_string_equal(node_get(root, "d")->str, "n");
	assert_string_equal(node_get(root, "e")->str, "n\n");
	arena_free(a);
}

/* A scalar's text as read, for every length from 0 to 40: the reader
 * copies up to 16 bytes as two words that overlap, longer ones whole. */
static void
test_scalar_text_lengths(void **state)
{
	static const char abc[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCDE";
	struct arena *a = arena_new();
	char want[64];
	const struct node *n;
	size_t len;

	(void)state;
	for (len = 0; len + 1 < sizeof(abc); len++) {
		snprintf(want, sizeof(want), "'%.*s'", (int)len, abc);
		n = value_of(a, want);
		assert_int_equal(n->len, len);
		assert_int_equal(strlen(n->str), len);
		assert_memory_equal(n->str, abc, len);
		arena_reset(a);
	}
	arena_free(a);
}

static void
test_scalar_escapes_unicode(void **state)
{
	struct arena *a = arena_new();
	const struct node *v;

	(void)state;
	v = value_of(a, "\"A\\u2663 caf\\u00e9\"");
	assert_string_equal(v->str, "A♣ café");
	assert_int_equal(v->len, strlen("A♣ café"));
	arena_free(a);
}

/* ---- documents ---- */

static void
test_several_documents(void **state)
{
	static const char text[] =
	    "---\n"
	    "a: 1\n"
	    "---\n"
	    "b: 2\n"
	    "...\n"
	    "---\n"
	    "- x\n";
	struct arena *a = arena_new();
	struct reader *r = reader_open_mem("multi.yaml", text, strlen(text));
	struct node *n;

	(void)state;
	assert_string_equal(reader_path(r), "multi.yaml");
	n = reader_next(r, a);
	assert_non_null(n);
	assert_int_equal(n->type, N_MAP);
	assert_string_equal(get_str(n, "a", NULL), "1");
	assert_int_equal(n->line, 2);
	arena_reset(a);
	n = reader_next(r, a);
	assert_non_null(n);
	assert_string_equal(get_str(n, "b", NULL), "2");
	assert_int_equal(n->line, 4);	/* lines count from the file's start */
	arena_reset(a);
	n = reader_next(r, a);
	assert_non_null(n);
	assert_int_equal(n->type, N_SEQ);
	assert_int_equal(n->line, 7);
	arena_reset(a);
	assert_null(reader_next(r, a));
	assert_null(reader_next(r, a));		/* stays at the end */
	assert_int_equal(reader_failed(r), 0);
	reader_close(r);
	arena_free(a);
}

static void
test_empty_documents(void **state)
{
	struct arena *a = arena_new();
	struct reader *r;
	struct node *n;

	(void)state;
	/* A document with nothing in it is passed over, as a blank line
	 * between documents is (SPEC 2): "---" alone holds no document. */
	r = reader_open_mem("e.yaml", "---\n...\n", 8);
	assert_null(reader_next(r, a));
	assert_int_equal(reader_failed(r), 0);
	reader_close(r);

	/* Empty documents before, between and after real ones. */
	r = reader_open_mem("e.yaml", "---\n---\na: 1\n---\n---\nb: 2\n"
	    "--- # end\n", 36);
	n = reader_next(r, a);
	assert_non_null(n);
	assert_int_equal(n->type, N_MAP);
	assert_int_equal(n->line, 3);
	n = reader_next(r, a);
	assert_non_null(n);
	assert_int_equal(n->type, N_MAP);
	assert_int_equal(n->line, 6);
	assert_null(reader_next(r, a));
	assert_int_equal(reader_failed(r), 0);
	reader_close(r);

	/* A null written out is a document: "~", "null", '' and a tag. */
	{
		static const char *const nulls[] = {
			"--- ~\n", "null\n", "--- ''\n", "--- !!null\n",
			"--- &a\n", NULL
		};
		int i;

		for (i = 0; nulls[i]; i++) {
			r = reader_open_mem("e.yaml", nulls[i],
			    strlen(nulls[i]));
			n = reader_next(r, a);
			assert_non_null(n);
			assert_int_equal(n->type, N_SCALAR);
			assert_null(reader_next(r, a));
			reader_close(r);
		}
	}

	/* Only markers: no document, and no syntax error ("..." with no
	 * document before it is one to libyaml). */
	r = reader_open_mem("e.yaml", "...\n", 4);
	assert_null(reader_next(r, a));
	assert_int_equal(reader_failed(r), 0);
	reader_close(r);

	/* An empty file and a file of comments hold no document at all. */
	r = reader_open_mem("e.yaml", "", 0);
	assert_null(reader_next(r, a));
	assert_int_equal(reader_failed(r), 0);
	reader_close(r);
	r = reader_open_mem("e.yaml", "# nothing\n", 10);
	assert_null(reader_next(r, a));
	assert_int_equal(reader_failed(r), 0);
	reader_close(r);
	arena_free(a);
}

/* ---- keys ---- */

static void
test_duplicate_key_small_map(void **state)
{
	struct capture c;
	struct arena *a = arena_new();
	struct node *root;

	(void)state;
	cap_start(&c, 0);
	root = parse_yaml("dup.yaml", "a: 1\nb: 2\na: 3\n", a);
	/* Reported, but the document is still read. */
	assert_non_null(root);
	assert_string_equal(cap_text(&c),
	    "dup.yaml:3:1: error: duplicate key 'a' (first given at line 1): "
	    "give each key once [yaml.duplicate-key]\n");
	assert_int_equal(diag_count(L_ERROR), 1);
	/* The first counts, however the keys were asked before: node_get()
	 * looks from after its last find only where each is given once. */
	assert_string_equal(node_get(root, "b")->str, "2");
	assert_string_equal(node_get(root, "a")->str, "1");
	assert_string_equal(node_get(root, "a")->str, "1");
	cap_end(&c);

	/* Three times: each repeat points at the first. */
	cap_start(&c, 0);
	arena_reset(a);
	parse_yaml("dup.yaml", "x: {k: 1, j: 2, k: 3, k: 4}\n", a);
	assert_string_equal(cap_text(&c),
	    "dup.yaml:1:17: error: duplicate key 'k' (first given at line 1): "
	    "give each key once [yaml.duplicate-key]\n"
	    "dup.yaml:1:23: error: duplicate key 'k' (first given at line 1): "
	    "give each key once [yaml.duplicate-key]\n");
	cap_end(&c);

	/* Eight keys, the largest "small" map, with a repeat at the end. */
	cap_start(&c, 0);
	arena_reset(a);
	parse_yaml("dup.yaml", "k0: 0\nk1: 1\nk2: 2\nk3: 3\nk4: 4\nk5: 5\n"
	    "k6: 6\nk1: 7\n", a);
	assert_string_equal(cap_text(&c),
	    "dup.yaml:8:1: error: duplicate key 'k1' (first given at line 2): "
	    "give each key once [yaml.duplicate-key]\n");
	cap_end(&c);
	arena_free(a);
}

static void
test_duplicate_key_large_map(void **state)
{
	struct capture c;
	struct arena *a = arena_new();
	struct sbuf sb = SBUF_INIT;
	struct node *root;
	int i;

	(void)state;
	/* Nine keys or more are sorted to find repeats: k0..k9 on lines
	 * 1-10, then k3 again on line 11 and k5 again on lines 12 and 13. */
	for (i = 0; i < 10; i++)
		sb_addf(&sb, "k%d: %d\n", i, i);
	sb_adds(&sb, "k3: again\nk5: again\nk5: thrice\n");
	cap_start(&c, 0);
	root = parse_yaml("big.yaml", sb.buf, a);
	assert_non_null(root);
	assert_int_equal(root->n, 13);
	assert_string_equal(cap_text(&c),
	    "big.yaml:11:1: error: duplicate key 'k3' (first given at line 4): "
	    "give each key once [yaml.duplicate-key]\n"
	    "big.yaml:12:1: error: duplicate key 'k5' (first given at line 6): "
	    "give each key once [yaml.duplicate-key]\n"
	    "big.yaml:13:1: error: duplicate key 'k5' (first given at line 6): "
	    "give each key once [yaml.duplicate-key]\n");
	cap_end(&c);

	/* A repeat that sorts before its first use in the file, and keys
	 * that are prefixes of each other (no repeats among them). */
	sb_reset(&sb);
	sb_adds(&sb, "z: 1\na: 1\nab: 1\nabc: 1\nb: 1\nc: 1\nd: 1\ne: 1\n"
	    "f: 1\nz: 2\n");
	cap_start(&c, 0);
	arena_reset(a);
	parse_yaml("big.yaml", sb.buf, a);
	assert_string_equal(cap_text(&c),
	    "big.yaml:10:1: error: duplicate key 'z' (first given at line 1): "
	    "give each key once [yaml.duplicate-key]\n");
	cap_end(&c);

	/* Many keys and no repeat: nothing to say. */
	sb_reset(&sb);
	for (i = 0; i < 200; i++)
		sb_addf(&sb, "key%d: %d\n", i, i);
	cap_start(&c, 0);
	arena_reset(a);
	root = parse_yaml("big.yaml", sb.buf, a);
	assert_int_equal(root->n, 200);
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);
	sb_release(&sb);
	arena_free(a);
}

/* The value of key in m as a plain search by strcmp finds it, the first
 * of equal keys: what node_get() must answer. */
static const struct node *
get_by_strcmp(const struct node *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(MAP_KEY(m, i)->str, key) == 0)
			return MAP_VAL(m, i);
	return NULL;
}

/* Key of len bytes of base, byte at (if below len) changed to c. */
static const char *
key_text(struct sbuf *sb, const char *base, size_t len, size_t at, char c)
{
	sb_reset(sb);
	sb_add(sb, base, len);
	if (at < len)
		sb->buf[at] = c;
	return sb->buf;
}

/* Asks m for the keys key_text() makes of len bytes: as written (each
 * byte changed to 'A' + its place, and none changed) and as not (each
 * changed to 'Z', and one byte more).  node_get() must find what
 * get_by_strcmp() finds.  How many found. */
static size_t
ask_keys(const struct node *m, const char *base, size_t len)
{
	struct sbuf sb = SBUF_INIT;
	const char *k;
	size_t at, found = 0;
	int z;

	for (z = 0; z < 2; z++)
		for (at = 0; at <= len; at++) {
			if (!z)
				k = key_text(&sb, base, len, at,
				    (char)('A' + at));
			else if (at < len)
				k = key_text(&sb, base, len, at, 'Z');
			else
				k = key_text(&sb, base, len + 1, len, '!');
			if (node_get(m, k) != get_by_strcmp(m, k))
				fail_msg("key '%s': found %s", k, node_get(m, k) ?
				    node_get(m, k)->str : "nothing");
			found += node_get(m, k) != NULL;
		}
	sb_release(&sb);
	return found;
}

/*
 * node_get() compares keys by length, then a word at a time: it finds
 * what a search by strcmp finds, for keys of 0 to 20 bytes that differ
 * from others in their length or in any one byte (where a word compared
 * twice or not at all would tell them apart wrongly), in one large map
 * and in small ones, asked by length up and down (node_get() looks from
 * where it found the last), and for keys absent.
 */
static void
test_key_lookup_by_length(void **state)
{
	static const char base[] = "abcdefghijklmnopqrst";
	const size_t most = sizeof(base) - 1;
	struct arena *a = arena_new();
	struct sbuf doc = SBUF_INIT, sb = SBUF_INIT;
	const struct node *root, *m;
	size_t len, at, found;
	int small, down;
	char name[8];

	(void)state;
	for (small = 0; small < 2; small++) {
		/* Keys of each length and each one byte changed: in one map
		 * of 231, or a map of at most 21 for each length. */
		sb_reset(&doc);
		for (len = 0; len <= most; len++) {
			if (small)
				sb_addf(&doc, "m%zu:\n", len);
			for (at = 0; at <= len; at++)
				sb_addf(&doc, "%s\"%s\": %zu.%zu\n",
				    small ? "  " : "", key_text(&sb, base, len,
				    at, (char)('A' + at)), len, at);
		}
		root = parse_yaml("keys.yaml", doc.buf, a);
		assert_non_null(root);
		found = 0;
		for (down = 0; down < 2; down++)
			for (len = 0; len <= most; len++) {
				m = root;
				if (small) {
					snprintf(name, sizeof(name), "m%zu",
					    down ? most - len : len);
					m = node_get(root, name);
					assert_non_null(m);
				}
				found += ask_keys(m, base, down ? most - len : len);
			}
		/* Every key written, found twice: 231 of them. */
		assert_int_equal(found, 2 * 231);
		arena_reset(a);
	}
	sb_release(&doc);
	sb_release(&sb);
	arena_free(a);
}

static void
test_non_text_keys(void **state)
{
	struct capture c;
	struct arena *a = arena_new();
	struct node *root;

	(void)state;
	cap_start(&c, 0);
	root = parse_yaml("k.yaml", "? [a, b]\n: 1\n? {c: d}\n: 2\nok: 3\n", a);
	assert_non_null(root);
	assert_string_equal(cap_text(&c),
	    "k.yaml:1:3: error: a key must be plain text, not a list "
	    "[yaml.type]\n"
	    "k.yaml:3:3: error: a key must be plain text, not a mapping "
	    "[yaml.type]\n");
	/* The pairs of the bad keys are dropped: no reader of the mapping
	 * meets a key without text; the text key still works. */
	assert_int_equal(root->n, 1);
	assert_string_equal(MAP_KEY(root, 0)->str, "ok");
	assert_string_equal(get_str(root, "ok", NULL), "3");
	cap_end(&c);
	arena_free(a);
}

/* ---- limits ---- */

static void
test_nesting_depth_limit(void **state)
{
	struct capture c;
	struct sbuf sb = SBUF_INIT;
	int i, failed;

	(void)state;
	/* 64 nested lists are allowed (DOC_MAX_DEPTH).  The innermost holds
	 * an item: empty lists have a test of their own. */
	for (i = 0; i < DOC_MAX_DEPTH; i++)
		sb_addc(&sb, '[');
	sb_addc(&sb, 'x');
	for (i = 0; i < DOC_MAX_DEPTH; i++)
		sb_addc(&sb, ']');
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("deep.yaml", sb.buf, &c, &failed), 1);
	assert_int_equal(failed, 0);
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);

	/* 65 are not: the 65th "[" is at column 65. */
	sb_reset(&sb);
	for (i = 0; i < DOC_MAX_DEPTH + 1; i++)
		sb_addc(&sb, '[');
	sb_addc(&sb, 'x');
	for (i = 0; i < DOC_MAX_DEPTH + 1; i++)
		sb_addc(&sb, ']');
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("deep.yaml", sb.buf, &c, &failed), 0);
	assert_int_equal(failed, 1);
	assert_string_equal(cap_text(&c),
	    "deep.yaml:1:65: error: nesting is deeper than 64 levels; flatten "
	    "the document [yaml.depth]\n");
	cap_end(&c);

	/* Far deeper input stops at the same place, without recursion. */
	sb_reset(&sb);
	for (i = 0; i < 100000; i++)
		sb_addc(&sb, '[');
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("deep.yaml", sb.buf, &c, &failed), 0);
	assert_int_equal(failed, 1);
	assert_int_equal(diag_count(L_ERROR), 1);
	assert_non_null(strstr(cap_text(&c), "deep.yaml:1:65: error: nesting "));
	cap_end(&c);
	sb_release(&sb);
}

/* ---- aliases ---- */

static void
test_aliases_shared_and_counted(void **state)
{
	struct arena *a = arena_new();
	const struct node *root;

	(void)state;
	root = parse_yaml("al.yaml",
	    "a: &x [1, 2, 3]\n"
	    "b: *x\n"
	    "c: &s hello\n"
	    "d: *s\n", a);
	assert_non_null(root);
	/* An alias is the anchored node itself, not a copy. */
	assert_ptr_equal(node_get(root, "b"), node_get(root, "a"));
	assert_ptr_equal(node_get(root, "d"), node_get(root, "c"));
	assert_int_equal(node_get(root, "b")->n, 3);
	/* But it counts as the nodes it stands for: root 1, keys 4, the list
	 * 4 (itself and 3 items) twice, "hello" twice. */
	assert_int_equal(root->weight, 1 + 4 + 4 + 4 + 1 + 1);
	arena_free(a);
}

static void
test_alias_later_anchor_hides_earlier(void **state)
{
	struct arena *a = arena_new();
	const struct node *root;

	(void)state;
	root = parse_yaml("al.yaml", "a: &x 1\nb: &x 2\nc: *x\n", a);
	assert_non_null(root);
	assert_ptr_equal(node_get(root, "c"), node_get(root, "b"));
	assert_string_equal(node_get(root, "c")->str, "2");
	arena_free(a);
}

static void
test_unknown_alias(void **state)
{
	struct capture c;
	int failed;

	(void)state;
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("al.yaml", "a: 1\nb: *nope\n", &c,
	    &failed), 0);
	assert_int_equal(failed, 1);
	assert_string_equal(cap_text(&c),
	    "al.yaml:2:4: error: alias '*nope' names no anchor defined before "
	    "it: define '&nope' first [yaml.alias]\n");
	cap_end(&c);

	/* A collection cannot contain itself: its anchor is defined only
	 * once it is complete. */
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("al.yaml", "a: &x [1, *x]\n", &c,
	    &failed), 0);
	assert_int_equal(failed, 1);
	assert_string_equal(cap_text(&c),
	    "al.yaml:1:11: error: alias '*x' names no anchor defined before "
	    "it: define '&x' first [yaml.alias]\n");
	cap_end(&c);

	/* Anchors belong to their document. */
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("al.yaml", "a: &x 1\n---\nb: *x\n", &c,
	    &failed), 1);
	assert_int_equal(failed, 1);
	assert_string_equal(cap_text(&c),
	    "al.yaml:3:4: error: alias '*x' names no anchor defined before "
	    "it: define '&x' first [yaml.alias]\n");
	cap_end(&c);
}

static void
test_alias_bomb(void **state)
{
	static const char bomb[] =
	    "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
	    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
	    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
	    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
	    "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
	    "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n";
	struct capture c;
	int failed;

	(void)state;
	/*
	 * List a holds 11 nodes, b 111, c 1111, d 11111, e 111111.  Up to
	 * f's list the document counts 1 + (1 + 11) + (2 + 110) + (2 + 1110)
	 * + (2 + 11110) + (2 + 111110) + 2 = 123463 nodes; each *e adds
	 * 111111, so the 8th one (column 8 + 7 * 4 = 36) passes a million.
	 */
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("bomb.yaml", bomb, &c, &failed), 0);
	assert_int_equal(failed, 1);
	assert_string_equal(cap_text(&c),
	    "bomb.yaml:6:36: error: aliases expand this document beyond "
	    "1000000 nodes; write the values out or use fewer aliases "
	    "[yaml.alias]\n");
	cap_end(&c);
}

static void
test_alias_just_under_the_limit(void **state)
{
	static const char text[] =
	    "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
	    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
	    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
	    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
	    "f: [*e, *e, *e, *e, *e, *e, *e]\n";
	struct arena *a = arena_new();
	struct capture c;
	struct node *root;

	(void)state;
	/* Seven *e: 123463 + 7 * 111111 = 901240 nodes, within the limit. */
	cap_start(&c, 0);
	root = parse_yaml("ok.yaml", text, a);
	assert_non_null(root);
	assert_int_equal(root->weight, 901240);
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);
	arena_free(a);
}

/* ---- merge keys ---- */

static void
test_merge_key(void **state)
{
	struct arena *a = arena_new();
	struct capture c;
	const struct node *root, *b;

	(void)state;
	cap_start(&c, 0);
	root = parse_yaml("m.yaml",
	    "a: &a {x: 1, y: 2}\n"
	    "b: {<<: *a, y: 3, z: 4}\n", a);
	assert_non_null(root);
	assert_string_equal(cap_text(&c), "");
	b = node_get(root, "b");
	/* The merged keys take the place of the '<<', its own win. */
	assert_int_equal(b->n, 3);
	assert_string_equal(MAP_KEY(b, 0)->str, "x");
	assert_string_equal(MAP_KEY(b, 1)->str, "y");
	assert_string_equal(MAP_KEY(b, 2)->str, "z");
	assert_string_equal(get_str(b, "y", NULL), "3");
	/* A merged value is the anchored node: its place is line 1. */
	assert_ptr_equal(node_get(b, "x"), node_get(node_get(root, "a"), "x"));
	assert_int_equal(node_get(b, "x")->line, 1);
	assert_null(node_key(b, "<<"));
	/* b: itself, and three pairs; no '<<' and no *a. */
	assert_int_equal(b->weight, 1 + 3 * 2);
	cap_end(&c);

	/* A merge key alone, and a merge key after a dozen others, whose
	 * first bytes and lengths collide. */
	cap_start(&c, 0);
	arena_reset(a);
	root = parse_yaml("m.yaml",
	    "a: &a {x: 1, y: 2}\n"
	    "b: {<<: *a}\n"
	    "c: {k1: 1, k2: 2, k3: 3, k4: 4, l1: 5, l2: 6, m1: 7, m2: 8,\n"
	    "    '<': 9, <a: 10, <<<: 11, <<: *a}\n", a);
	assert_non_null(root);
	assert_string_equal(cap_text(&c), "");
	b = node_get(root, "b");
	assert_int_equal(b->n, 2);
	assert_string_equal(get_str(b, "x", NULL), "1");
	assert_null(node_key(b, "<<"));
	b = node_get(root, "c");
	assert_int_equal(b->n, 13);
	assert_string_equal(get_str(b, "y", NULL), "2");
	assert_string_equal(get_str(b, "<<<", NULL), "11");
	assert_null(node_key(b, "<<"));
	cap_end(&c);
	arena_free(a);
}

static void
test_merge_key_list(void **state)
{
	struct arena *a = arena_new();
	struct capture c;
	const struct node *root, *m;

	(void)state;
	cap_start(&c, 0);
	root = parse_yaml("m.yaml",
	    "a: &a {k: 1}\n"
	    "b: &b {k: 2, m: 2}\n"
	    "c: &c {<<: [*a, *b], n: 3}\n"
	    "d: {<<: *c}\n", a);
	assert_non_null(root);
	assert_string_equal(cap_text(&c), "");
	/* Of the merged mappings the earlier wins. */
	m = node_get(root, "c");
	assert_string_equal(get_str(m, "k", NULL), "1");
	assert_string_equal(get_str(m, "m", NULL), "2");
	assert_string_equal(get_str(m, "n", NULL), "3");
	/* A merged mapping that merged in its turn brings what it took. */
	m = node_get(root, "d");
	assert_int_equal(m->n, 3);
	assert_string_equal(get_str(m, "k", NULL), "1");
	assert_string_equal(get_str(m, "m", NULL), "2");
	cap_end(&c);
	arena_free(a);
}

static void
test_merge_key_errors(void **state)
{
	struct arena *a = arena_new();
	struct capture c;
	const struct node *root, *m;

	(void)state;
	cap_start(&c, 0);
	root = parse_yaml("m.yaml",
	    "a: {<<: 5, b: 1}\n"
	    "c: &c {k: 1}\n"
	    "d: {<<: [*c, [2]]}\n"
	    "e: {'<<': {k: 1}}\n"
	    "f: {<<: *c, <<: {j: 2}}\n", a);
	assert_non_null(root);
	assert_string_equal(cap_text(&c),
	    "m.yaml:1:9: error: merge key '<<' takes a mapping, not '5': "
	    "write '<<: *anchor' or '<<: [*a, *b]' [yaml.type]\n"
	    "m.yaml:3:14: error: a merge key's list holds mappings, not a "
	    "list: write '<<: [*a, *b]' [yaml.type]\n"
	    "m.yaml:5:13: error: duplicate key '<<' (first given at line 5): "
	    "give each key once [yaml.duplicate-key]\n");
	/* What is not a mapping is left out; the rest is read. */
	m = node_get(root, "a");
	assert_int_equal(m->n, 1);
	assert_string_equal(get_str(m, "b", NULL), "1");
	m = node_get(root, "d");
	assert_int_equal(m->n, 1);
	assert_string_equal(get_str(m, "k", NULL), "1");
	/* A quoted '<<' is a key like any other. */
	m = node_get(root, "e");
	assert_non_null(node_get(m, "<<"));
	/* Both of two '<<' merge, the first first. */
	m = node_get(root, "f");
	assert_int_equal(m->n, 2);
	assert_null(node_key(m, "<<"));
	cap_end(&c);
	arena_free(a);
}

/* ---- node_merge: a variant laid on its base ---- */

static void
test_node_merge(void **state)
{
	struct arena *a = arena_new();
	struct node *base, *over, *m;
	const struct node *mv;

	(void)state;
	base = parse_yaml("base.yaml",
	    "name: Mason\n"
	    "movement: {max_speed: 9, maneuver: yyn, terrain: {open: 1}}\n"
	    "weapons: [{row: M}, {row: I}]\n"
	    "armor: 5\n", a);
	over = parse_yaml("variant.yaml",
	    "name: Mason II\n"
	    "movement: {max_speed: 10, terrain: {rough: 2}}\n"
	    "weapons: [{row: E}]\n"
	    "armor: {front: 3}\n"
	    "side: UN\n", a);
	m = node_merge(base, over, a);
	/* base's keys in base's order, then the variant's new one. */
	assert_int_equal(m->n, 5);
	assert_string_equal(MAP_KEY(m, 0)->str, "name");
	assert_string_equal(MAP_KEY(m, 4)->str, "side");
	/* A scalar is replaced, and names the variant's file and line. */
	assert_string_equal(get_str(m, "name", NULL), "Mason II");
	assert_string_equal(node_get(m, "name")->file, "variant.yaml");
	assert_string_equal(node_key(m, "name")->file, "variant.yaml");
	/* Mappings merge key by key, all the way down. */
	mv = node_get(m, "movement");
	assert_int_equal(mv->n, 3);
	assert_string_equal(get_str(mv, "max_speed", NULL), "10");
	assert_string_equal(get_str(mv, "maneuver", NULL), "yyn");
	assert_string_equal(node_get(mv, "maneuver")->file, "base.yaml");
	assert_int_equal(node_get(mv, "maneuver")->line, 2);
	assert_int_equal(node_get(node_get(mv, "terrain"), "open") != NULL, 1);
	assert_int_equal(node_get(node_get(mv, "terrain"), "rough") != NULL, 1);
	/* The merged mapping takes the variant's place. */
	assert_string_equal(mv->file, "variant.yaml");
	assert_int_equal(mv->line, 2);
	/* A list is replaced whole; a mapping over a scalar too. */
	assert_int_equal(node_get(m, "weapons")->n, 1);
	assert_ptr_equal(node_get(m, "armor"), node_get(over, "armor"));
	/* Neither input is changed. */
	assert_int_equal(base->n, 4);
	assert_int_equal(over->n, 5);
	assert_int_equal(node_get(base, "movement")->n, 3);
	/* root + 5 pairs: name 2; movement: its key, the mapping, two
	 * pairs, terrain's key and mapping of two pairs; weapons 1 + 1 +
	 * 3; armor 1 + 3; side 2. */
	assert_int_equal(m->weight, 1 + 2 + (1 + 1 + 4 + 1 + 5) + (1 + 4) +
	    (1 + 3) + 2);
	/* Nothing to extend: over itself. */
	assert_ptr_equal(node_merge(NULL, over, a), over);
	arena_free(a);
}

/* ---- syntax errors ---- */

static void
test_syntax_error_place_and_message(void **state)
{
	struct capture c;
	int failed;

	(void)state;
	/* libyaml finds the missing "]" where the next line begins; the
	 * message points at the '[' that opened the list. */
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("syn.yaml",
	    "system: shellshock\nname: [Mason\nera: future\n", &c, &failed), 0);
	assert_int_equal(failed, 1);
	assert_string_equal(cap_text(&c),
	    "syn.yaml:2:7: error: the list that opens with '[' here is never "
	    "closed: close it with ']', with a comma between items (text "
	    "that holds a comma, ']' or ': ' goes in quotes) [yaml.syntax]\n");
	cap_end(&c);

	/* libyaml's "mapping values are not allowed in this context", at
	 * the second colon: a value holding ': '. */
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("syn.yaml", "a: b: c\n", &c, &failed), 0);
	assert_string_equal(cap_text(&c),
	    "syn.yaml:1:4: error: this value holds ': ', which YAML reads as "
	    "the start of another key: put the value in quotes (a: \"b: "
	    "c\") [yaml.syntax]\n");
	cap_end(&c);

	/* An unterminated quote runs to the end of the file: told where it
	 * opens. */
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("syn.yaml", "a: 1\nb: 'x\n", &c,
	    &failed), 0);
	assert_string_equal(cap_text(&c),
	    "syn.yaml:2:4: error: the quote (') that opens this value is "
	    "never closed: close it with ' where the value ends (a ' inside "
	    "it is written '') [yaml.syntax]\n");
	cap_end(&c);

	/* A phrase with no plain words keeps libyaml's own. */
	cap_start(&c, 0);
	(void)read_all_docs("syn.yaml", "a: 1\n%YAML 1.2\n", &c, &failed);
	assert_int_equal(failed, 1);
	assert_true(strstr(cap_text(&c), "[yaml.syntax]") != NULL);
	cap_end(&c);

	/* A good document before the bad one is still read. */
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("syn.yaml", "a: 1\n---\nb: [\n", &c,
	    &failed), 1);
	assert_int_equal(failed, 1);
	assert_int_equal(diag_count(L_ERROR), 1);
	cap_end(&c);
}

static void
test_invalid_utf8_place(void **state)
{
	struct capture c;
	int failed;

	(void)state;
	/* The message gives the byte; the place is that byte's line and
	 * column (byte 8 is the 4th column of line 2), so that an editor
	 * jumps to it. */
	cap_start(&c, 0);
	assert_int_equal(read_all_docs("bin.yaml", "a: 1\nb: \xff\n", &c,
	    &failed), 0);
	assert_int_equal(failed, 1);
	assert_string_equal(cap_text(&c),
	    "bin.yaml:2:4: error: invalid leading UTF-8 octet at byte 8: the "
	    "file must be UTF-8 text [yaml.syntax]\n");
	cap_end(&c);
}

/* ---- files ---- */

static void
test_reader_open_files(void **state)
{
	struct capture c;
	struct arena *a = arena_new();
	const char *dir = *state;
	char *good = path_join(dir, "u.yaml");
	char *missing = path_join(dir, "nope.yaml");
	struct sbuf want = SBUF_INIT;
	struct reader *r;
	struct node *n;

	write_file(good, "name: Mason\n---\nname: Bison\n");
	cap_start(&c, 0);
	r = reader_open(good);
	assert_non_null(r);
	assert_string_equal(reader_path(r), good);
	n = reader_next(r, a);
	assert_string_equal(get_str(n, "name", NULL), "Mason");
	assert_string_equal(n->file, good);
	n = reader_next(r, a);
	assert_string_equal(get_str(n, "name", NULL), "Bison");
	assert_null(reader_next(r, a));
	reader_close(r);
	assert_string_equal(cap_text(&c), "");

	/* A missing file: the whole-file form (no line) and exit status 2. */
	assert_null(reader_open(missing));
	sb_addf(&want, "%s: error: cannot open: No such file or directory "
	    "[io.read]\n", missing);
	assert_string_equal(cap_text(&c), want.buf);
	assert_int_equal(diag_exit_status(0), 2);
	cap_end(&c);

	/* A folder. */
	cap_start(&c, 0);
	assert_null(reader_open(dir));
	sb_reset(&want);
	sb_addf(&want, "%s: error: is a folder; give a YAML file or a folder "
	    "to search [io.read]\n", dir);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);

	reader_close(NULL);	/* allowed */
	sb_release(&want);
	free(good);
	free(missing);
	arena_free(a);
}

static void
test_reader_open_too_large(void **state)
{
	struct capture c;
	struct sbuf want = SBUF_INIT;
	const char *dir = *state;
	char *big = path_join(dir, "big.yaml");

	/* A sparse 2 GiB file: refused from its size, before any reading
	 * (SPEC section 8: gigabyte files). */
	write_file(big, "");
	assert_int_equal(truncate(big, (off_t)2 << 30), 0);
	cap_start(&c, 0);
	assert_null(reader_open(big));
	sb_addf(&want, "%s: error: file is 2.0 GiB (2147483648 bytes); the "
	    "limit is 64.0 MiB (67108864 bytes): split it into several files "
	    "[yaml.size]\n", big);
	assert_string_equal(cap_text(&c), want.buf);
	/* An input problem, not an I/O one: exit status 1. */
	assert_int_equal(diag_exit_status(0), 1);
	cap_end(&c);
	sb_release(&want);
	free(big);
}

/* ---- scalar conversions ---- */

static void
test_scalar_long(void **state)
{
	struct arena *a = arena_new();
	long v;

	(void)state;
	assert_int_equal(scalar_long(value_of(a, "42"), &v), 1);
	assert_int_equal(v, 42);
	assert_int_equal(scalar_long(value_of(a, "-7"), &v), 1);
	assert_int_equal(v, -7);
	assert_int_equal(scalar_long(value_of(a, "+5"), &v), 1);
	assert_int_equal(v, 5);
	assert_int_equal(scalar_long(value_of(a, "0"), &v), 1);
	assert_int_equal(v, 0);
	assert_int_equal(scalar_long(value_of(a, "9223372036854775807"), &v), 1);
	assert_true(v == LONG_MAX);
	assert_int_equal(scalar_long(value_of(a, "-9223372036854775808"), &v), 1);
	assert_true(v == LONG_MIN);
	/* One past either end: too large, and v untouched. */
	v = 99;
	assert_int_equal(scalar_long(value_of(a, "9223372036854775808"), &v), -1);
	assert_int_equal(scalar_long(value_of(a, "-9223372036854775809"), &v), -1);
	assert_int_equal(scalar_long(value_of(a, "99999999999999999999999"), &v),
	    -1);
	assert_int_equal(v, 99);
	/* Not whole numbers in decimal. */
	assert_int_equal(scalar_long(value_of(a, "1.5"), &v), 0);
	assert_int_equal(scalar_long(value_of(a, "0x10"), &v), 0);
	assert_int_equal(scalar_long(value_of(a, "1e3"), &v), 0);
	assert_int_equal(scalar_long(value_of(a, "12abc"), &v), 0);
	assert_int_equal(scalar_long(value_of(a, "abc"), &v), 0);
	assert_int_equal(scalar_long(value_of(a, "-x"), &v), 0);
	assert_int_equal(scalar_long(value_of(a, "\"42\""), &v), 0);	/* quoted */
	assert_int_equal(scalar_long(value_of(a, ""), &v), 0);	/* null */
	assert_int_equal(scalar_long(value_of(a, "[1]"), &v), 0);
	assert_int_equal(scalar_long(NULL, &v), 0);
	assert_int_equal(v, 99);
	arena_free(a);
}

/*
 * A whole number the reader kept in the node is the number read from
 * the text (scalar_long_text(), which also reads the numbers the reader
 * did not keep): texts of 0 to 21 digits, with and without a sign, and
 * ones that are not numbers, each read from a document and compared with
 * the same text in a node made by hand, which has no number kept.
 */
static void
test_scalar_long_kept(void **state)
{
	static const char *const edge[] = {
		"0", "-0", "+0", "7", "+", "--1", "+-1", "1-", "1 2",
		"999999999999999999", "-999999999999999999",
		"1000000000000000000", "9223372036854775807",
		"-9223372036854775808", "9223372036854775808", "00012", "1_000",
		"0x1F", "1.0", "1e3", ".5", "12a", "a12", NULL
	};
	struct arena *a = arena_new();
	char buf[40];
	struct node hand;
	const struct node *n;
	unsigned long long x = 88172645463325252ULL;
	long got, want;
	int i, k, len, rgot, rwant, kept = 0;

	(void)state;
	for (i = 0; i < 20000; i++) {
		if (i < (int)(sizeof(edge) / sizeof(*edge)) - 1) {
			snprintf(buf, sizeof(buf), "%s", edge[i]);
		} else {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			len = 1 + (int)(x % 21);
			k = 0;
			if (x >> 20 & 1)
				buf[k++] = x >> 21 & 1 ? '-' : '+';
			for (int j = 0; j < len; j++) {
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				buf[k++] = (char)('0' + x % 10);
			}
			/* Now and then a letter in it. */
			if (x % 16 == 0)
				buf[(x >> 8) % (unsigned)k] = 'x';
			buf[k] = '\0';
		}
		n = value_of(a, buf);
		kept += n->whole;
		hand = *n;
		hand.whole = 0;
		hand.num = 0;
		got = want = 12345;
		rgot = scalar_long(n, &got);
		rwant = scalar_long_text(&hand, &want);
		if (rgot != rwant || got != want)
			fail_msg("'%s': kept %d %ld, from the text %d %ld", buf,
			    rgot, got, rwant, want);
		/* Whatever the reader kept, strtol reads the same. */
		if (n->whole && strtol(buf, NULL, 10) != n->num)
			fail_msg("'%s': kept %ld", buf, n->num);
		arena_reset(a);
	}
	/* Most short ones are kept (else the test tests nothing). */
	assert_true(kept > 10000);
	/* Quoted or tagged as text: not a number, so nothing kept. */
	assert_int_equal(value_of(a, "\"42\"")->whole, 0);
	assert_int_equal(value_of(a, "!!str 42")->whole, 0);
	assert_int_equal(value_of(a, "!!int \"42\"")->whole, 1);
	arena_free(a);
}

static void
test_scalar_double(void **state)
{
	struct arena *a = arena_new();
	double d;

	(void)state;
	assert_int_equal(scalar_double(value_of(a, "1.27"), &d), 1);
	assert_near(d, 1.27, 1e-12);
	assert_int_equal(scalar_double(value_of(a, "-0.5"), &d), 1);
	assert_near(d, -0.5, 0);
	assert_int_equal(scalar_double(value_of(a, "3"), &d), 1);
	assert_near(d, 3, 0);
	assert_int_equal(scalar_double(value_of(a, "2.5e2"), &d), 1);
	assert_near(d, 250, 0);
	assert_int_equal(scalar_double(value_of(a, ".5"), &d), 1);
	assert_near(d, 0.5, 0);
	/* Beyond a double. */
	assert_int_equal(scalar_double(value_of(a, "1e999"), &d), -1);
	assert_int_equal(scalar_double(value_of(a, "-1e999"), &d), -1);
	/* YAML's infinity is a number beyond any range, as 1e999 is. */
	assert_int_equal(scalar_double(value_of(a, ".inf"), &d), -1);
	assert_int_equal(scalar_double(value_of(a, "-.inf"), &d), -1);
	assert_int_equal(scalar_double(value_of(a, "+.Inf"), &d), -1);
	/* No hex, C's infinity or not-a-number, in any spelling. */
	assert_int_equal(scalar_double(value_of(a, "0x1p3"), &d), 0);
	assert_int_equal(scalar_double(value_of(a, "inf"), &d), 0);
	assert_int_equal(scalar_double(value_of(a, ".nan"), &d), 0);
	assert_int_equal(scalar_double(value_of(a, "nan"), &d), 0);
	assert_int_equal(scalar_double(value_of(a, "."), &d), 0);
	assert_int_equal(scalar_double(value_of(a, "1.2.3"), &d), 0);
	assert_int_equal(scalar_double(value_of(a, "'1.5'"), &d), 0);
	assert_int_equal(scalar_double(value_of(a, "~"), &d), 0);
	arena_free(a);
}

/* A short decimal, read without strtod, is the double strtod reads, to
 * the bit (the sign of zero too): pseudo-random ones of 1 to 17 digits,
 * the point anywhere or nowhere, either sign. */
static void
test_scalar_double_exact(void **state)
{
	static const char *const edge[] = {
		"0", "-0", "+0", "-0.0", "0.1", "0.3", "5.", "-.5", "+.25",
		"999999999999999", "9999999999999999", "0.000000000000001",
		"123456789012345", "1234567890123456", "9007199254740993",
		"0.1234567890123456789", "1.7976931348623157", NULL
	};
	char buf[40];
	struct node n;
	unsigned long long x = 88172645463325252ULL;
	double d, want;
	int i, k, len, point;

	(void)state;
	memset(&n, 0, sizeof(n));
	n.type = N_SCALAR;
	n.plain = 1;
	n.str = buf;
	for (i = 0; i < 200000 + 17; i++) {
		if (i < 17 && edge[i]) {
			snprintf(buf, sizeof(buf), "%s", edge[i]);
		} else {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			len = 1 + (int)(x % 17);
			point = (int)(x >> 8) % (len + 2) - 1;
			k = 0;
			if (x >> 20 & 1)
				buf[k++] = x >> 21 & 1 ? '-' : '+';
			for (int j = 0; j < len; j++) {
				if (j == point)
					buf[k++] = '.';
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				buf[k++] = (char)('0' + x % 10);
			}
			buf[k] = '\0';
		}
		n.len = strlen(buf);
		want = strtod(buf, NULL);
		assert_int_equal(scalar_double(&n, &d), 1);
		if (memcmp(&d, &want, sizeof(d)) != 0)
			fail_msg("'%s': %.17g, strtod %.17g", buf, d, want);
	}
}

static void
test_scalar_bool(void **state)
{
	static const char *const yes[] = { "true", "True", "TRUE" };
	static const char *const no[] = { "false", "False", "FALSE" };
	static const char *const neither[] = {
		"yes", "no", "on", "off", "1", "0", "y", "n", "tRUE", "'true'",
		"~"
	};
	struct arena *a = arena_new();
	size_t i;
	int b;

	(void)state;
	for (i = 0; i < NELEM(yes); i++) {
		b = -1;
		assert_int_equal(scalar_bool(value_of(a, yes[i]), &b), 1);
		assert_int_equal(b, 1);
	}
	for (i = 0; i < NELEM(no); i++) {
		b = -1;
		assert_int_equal(scalar_bool(value_of(a, no[i]), &b), 1);
		assert_int_equal(b, 0);
	}
	/* YAML 1.2: "yes", "on" and "n" are text, not booleans. */
	for (i = 0; i < NELEM(neither); i++) {
		b = -1;
		assert_int_equal(scalar_bool(value_of(a, neither[i]), &b), 0);
		assert_int_equal(b, -1);
	}
	arena_free(a);
}

static void
test_node_is_null(void **state)
{
	struct arena *a = arena_new();

	(void)state;
	assert_true(node_is_null(value_of(a, "")));
	assert_true(node_is_null(value_of(a, "~")));
	assert_true(node_is_null(value_of(a, "null")));
	assert_true(node_is_null(value_of(a, "Null")));
	assert_true(node_is_null(value_of(a, "NULL")));
	/* Quoted, it is text. */
	assert_false(node_is_null(value_of(a, "''")));
	assert_false(node_is_null(value_of(a, "\"null\"")));
	assert_false(node_is_null(value_of(a, "nil")));
	assert_false(node_is_null(value_of(a, "nULL")));
	assert_false(node_is_null(value_of(a, "0")));
	assert_false(node_is_null(value_of(a, "[1]")));
	assert_false(node_is_null(NULL));
	arena_free(a);
}

static void
test_typed_reads(void **state)
{
	struct arena *a = arena_new();
	struct node *root;

	(void)state;
	root = parse_yaml("t.yaml", "n: 14\nd: 1.27\nb: true\ns: Mason\nz: ~\n"
	    "q: '14'\n", a);
	assert_non_null(root);
	assert_int_equal(get_long(root, "n", -1), 14);
	assert_int_equal(get_long(root, "missing", -1), -1);
	assert_int_equal(get_long(root, "s", -1), -1);
	assert_int_equal(get_long(root, "q", -1), -1);	/* text, not a number */
	assert_near(node_double(node_get(root, "d"), 0), 1.27, 1e-12);
	assert_near(node_double(node_get(root, "n"), 0), 14, 0);
	assert_int_equal(node_bool(node_get(root, "b"), 0), 1);
	assert_int_equal(node_bool(node_get(root, "s"), 7), 7);
	assert_string_equal(get_str(root, "s", NULL), "Mason");
	assert_string_equal(get_str(root, "q", NULL), "14");
	assert_string_equal(get_str(root, "z", "dflt"), "dflt");	/* null */
	assert_string_equal(get_str(root, "missing", "dflt"), "dflt");
	/* A node the schema marked bad reads as absent. */
	((struct node *)node_get(root, "n"))->bad = 1;
	((struct node *)node_get(root, "s"))->bad = 1;
	((struct node *)node_get(root, "d"))->bad = 1;
	((struct node *)node_get(root, "b"))->bad = 1;
	assert_int_equal(get_long(root, "n", -1), -1);
	assert_string_equal(get_str(root, "s", "dflt"), "dflt");
	assert_near(node_double(node_get(root, "d"), 9), 9, 0);
	assert_int_equal(node_bool(node_get(root, "b"), 0), 0);
	/* Map access on what is not a map. */
	assert_null(node_get(node_get(root, "s"), "x"));
	assert_null(node_key(NULL, "x"));
	assert_null(node_get(NULL, "x"));
	arena_free(a);
}

/* ---- node_what ---- */

static void
test_node_what(void **state)
{
	struct arena *a = arena_new();
	char buf[48];
	char text[64];

	(void)state;
	assert_string_equal(node_what(value_of(a, "{a: 1}"), buf), "a mapping");
	assert_string_equal(node_what(value_of(a, "[1]"), buf), "a list");
	assert_string_equal(node_what(value_of(a, "~"), buf), "nothing");
	assert_string_equal(node_what(value_of(a, ""), buf), "nothing");
	assert_string_equal(node_what(value_of(a, "fast"), buf), "'fast'");
	assert_string_equal(node_what(value_of(a, "'null'"), buf), "'null'");
	/* 40 bytes are shown whole. */
	memset(text, 'a', 40);
	text[40] = '\0';
	assert_string_equal(node_what(value_of(a, text), buf),
	    "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'");
	/* 41 are cut to 24 and an ellipsis. */
	text[40] = 'b';
	text[41] = '\0';
	assert_string_equal(node_what(value_of(a, text), buf),
	    "'aaaaaaaaaaaaaaaaaaaaaaaa...'");
	/* Several lines: only the first. */
	assert_string_equal(node_what(value_of(a, "\"first\\nsecond\""), buf),
	    "'first...'");
	arena_free(a);
}

static void
test_node_what_utf8_boundary(void **state)
{
	struct arena *a = arena_new();
	struct sbuf sb = SBUF_INIT;
	char buf[48];

	(void)state;
	/* 23 ASCII bytes, then é in bytes 23-24: the cut at 24 would split
	 * it, so it moves back to 23. */
	sb_adds(&sb, "aaaaaaaaaaaaaaaaaaaaaaaéxxxxxxxxxxxxxxxxxxxx");
	assert_string_equal(node_what(value_of(a, sb.buf), buf),
	    "'aaaaaaaaaaaaaaaaaaaaaaa...'");
	/* 22 ASCII bytes, then € in bytes 22-24: back to 22. */
	sb_reset(&sb);
	sb_adds(&sb, "aaaaaaaaaaaaaaaaaaaaaa€xxxxxxxxxxxxxxxxxxxx");
	assert_string_equal(node_what(value_of(a, sb.buf), buf),
	    "'aaaaaaaaaaaaaaaaaaaaaa...'");
	/* 21 ASCII bytes, then ♣ in bytes 21-23: it fits before 24. */
	sb_reset(&sb);
	sb_adds(&sb, "aaaaaaaaaaaaaaaaaaaaa♣xxxxxxxxxxxxxxxxxxxx");
	assert_string_equal(node_what(value_of(a, sb.buf), buf),
	    "'aaaaaaaaaaaaaaaaaaaaa♣...'");
	/* All four-byte characters: 6 of them are 24 bytes. */
	sb_reset(&sb);
	sb_adds(&sb, "🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂");
	assert_string_equal(node_what(value_of(a, sb.buf), buf),
	    "'🙂🙂🙂🙂🙂🙂...'");
	sb_release(&sb);
	arena_free(a);
}

/*
 * Empty collections.  Kept last: doc.c's pop() passes a NULL kids array
 * to memcpy for an empty list or mapping (size 0, but undefined behaviour
 * that UBSan stops the program for), so if it regresses the other tests
 * have run already.
 */
static void
test_empty_collections(void **state)
{
	struct arena *a = arena_new();
	struct capture c;
	const struct node *root, *l, *m;

	(void)state;
	cap_start(&c, 0);
	root = parse_yaml("e.yaml", "weapons: []\nfonts: {}\nnested: [[], {}]\n",
	    a);
	assert_non_null(root);
	l = node_get(root, "weapons");
	assert_int_equal(l->type, N_SEQ);
	assert_int_equal(l->n, 0);
	assert_int_equal(l->weight, 1);
	m = node_get(root, "fonts");
	assert_int_equal(m->type, N_MAP);
	assert_int_equal(m->n, 0);
	assert_null(node_get(m, "body"));
	l = node_get(root, "nested");
	assert_int_equal(l->n, 2);
	assert_int_equal(l->kid[0]->type, N_SEQ);
	assert_int_equal(l->kid[0]->n, 0);
	assert_int_equal(l->kid[1]->type, N_MAP);
	assert_int_equal(l->kid[1]->n, 0);
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);
	arena_free(a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_node_types),
		cmocka_unit_test(test_places_are_one_based),
		cmocka_unit_test(test_plain_and_quoted_scalars),
		cmocka_unit_test(test_scalar_text_lengths),
		cmocka_unit_test(test_scalar_escapes_unicode),
		cmocka_unit_test(test_several_documents),
		cmocka_unit_test(test_empty_documents),
		cmocka_unit_test(test_duplicate_key_small_map),
		cmocka_unit_test(test_duplicate_key_large_map),
		cmocka_unit_test(test_key_lookup_by_length),
		cmocka_unit_test(test_non_text_keys),
		cmocka_unit_test(test_nesting_depth_limit),
		cmocka_unit_test(test_aliases_shared_and_counted),
		cmocka_unit_test(test_alias_later_anchor_hides_earlier),
		cmocka_unit_test(test_unknown_alias),
		cmocka_unit_test(test_alias_bomb),
		cmocka_unit_test(test_alias_just_under_the_limit),
		cmocka_unit_test(test_merge_key),
		cmocka_unit_test(test_merge_key_list),
		cmocka_unit_test(test_merge_key_errors),
		cmocka_unit_test(test_node_merge),
		cmocka_unit_test(test_syntax_error_place_and_message),
		cmocka_unit_test(test_invalid_utf8_place),
		scratch_test(test_reader_open_files),
		scratch_test(test_reader_open_too_large),
		cmocka_unit_test(test_scalar_long),
		cmocka_unit_test(test_scalar_long_kept),
		cmocka_unit_test(test_scalar_double),
		cmocka_unit_test(test_scalar_double_exact),
		cmocka_unit_test(test_scalar_bool),
		cmocka_unit_test(test_node_is_null),
		cmocka_unit_test(test_typed_reads),
		cmocka_unit_test(test_node_what),
		cmocka_unit_test(test_node_what_utf8_boundary),
		cmocka_unit_test(test_empty_collections),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
