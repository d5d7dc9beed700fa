/*
 * schema_json.c -- the key tables as a JSON Schema (SPEC section 9), so
 * that an editor's schema and the checker cannot drift; see schema.h.
 */
#include "schema.h"
#include "schema_impl.h"

#include <string.h>

#include "util.h"

/* control_char() as a pattern: no C0 control but tab and line breaks,
 * no DEL. */
#define PRINTABLE "\"^[^\\\\u0000-\\\\u0008\\\\u000b\\\\u000c" \
	"\\\\u000e-\\\\u001f\\\\u007f-\\\\u009f\\\\u200e\\\\u200f" \
	"\\\\u202a-\\\\u202e\\\\u2066-\\\\u2069\\\\ufeff]*$\""

static void
json_key(struct sbuf *sb, const struct skey *k, int depth, int partial);

static void
indent(struct sbuf *sb, int depth)
{
	sb_addc(sb, '\n');
	while (depth-- > 0)
		sb_adds(sb, "  ");
}

/* "required": the keys a mapping must have. */
static void
json_required(struct sbuf *sb, const struct skey *keys)
{
	const struct skey *k;
	int n = 0;

	sb_adds(sb, "\"required\": [");
	for (k = keys; k->name; k++)
		if (k->flags & REQ) {
			sb_adds(sb, n++ ? ", " : "");
			sb_json(sb, k->name);
		}
	sb_adds(sb, "]");
}

/* The mapping a key holds, or a mapping's values hold: its keys, or
 * NULL when it holds no mapping to merge. */
static const struct skey *
merged_keys(const struct skey *k)
{
	if (k->type == T_MAP)
		return k->sub;
	if (k->type == T_MAPANY && k->sub && k->sub->type == T_MAP)
		return k->sub->sub;
	return NULL;
}

/* Whether a mapping of keys, or one merged below it, requires a key. */
static int
requires(const struct skey *keys)
{
	const struct skey *k;

	for (k = keys; k && k->name; k++)
		if ((k->flags & REQ) || requires(merged_keys(k)))
			return 1;
	return 0;
}

/*
 * The "required" a partial description left out, alone: for a document
 * without extends:, which must have every required key itself.
 */
static void
json_required_tree(struct sbuf *sb, const struct skey *keys, int depth)
{
	const struct skey *k;
	int n = 0;

	sb_addc(sb, '{');
	indent(sb, depth + 1);
	json_required(sb, keys);
	for (k = keys; k->name; k++) {
		if (!requires(merged_keys(k)))
			continue;
		/* After "required", and each property after the last. */
		sb_addc(sb, ',');
		if (++n == 1) {
			indent(sb, depth + 1);
			sb_adds(sb, "\"properties\": {");
		}
		indent(sb, depth + 2);
		sb_json(sb, k->name);
		sb_adds(sb, ": ");
		if (k->type == T_MAPANY) {
			sb_adds(sb, "{\"additionalProperties\": ");
			json_required_tree(sb, merged_keys(k), depth + 2);
			sb_addc(sb, '}');
		} else {
			json_required_tree(sb, merged_keys(k), depth + 2);
		}
	}
	if (n) {
		indent(sb, depth + 1);
		sb_addc(sb, '}');
	}
	indent(sb, depth);
	sb_addc(sb, '}');
}

/*
 * The keys of a mapping: properties, required, nothing else; a
 * document's system: and kind:, when given, their one value each, and
 * its extends:.  partial leaves "required" out, as a variant may: down
 * mappings, not into a list (a list is replaced whole, never merged).
 */
static void
json_props(struct sbuf *sb, const struct skey *keys, int depth,
    const char *system, const char *kind, int partial)
{
	const struct skey *k;
	int n = 0;

	sb_adds(sb, "\"type\": \"object\",");
	indent(sb, depth);
	sb_adds(sb, "\"properties\": {");
	for (k = keys; k->name; k++) {
		sb_adds(sb, n++ ? "," : "");
		indent(sb, depth + 1);
		sb_json(sb, k->name);
		sb_adds(sb, ": ");
		if (system && strcmp(k->name, "system") == 0) {
			sb_adds(sb, "{\"description\": \"the game\", "
			    "\"const\": ");
			sb_json(sb, system);
			sb_adds(sb, "}");
		} else if (kind && strcmp(k->name, "kind") == 0) {
			sb_adds(sb, "{\"description\": \"what the document "
			    "describes\", \"const\": ");
			sb_json(sb, kind);
			sb_adds(sb, "}");
		} else {
			json_key(sb, k, depth + 1, partial);
		}
	}
	if (system) {
		sb_adds(sb, n++ ? "," : "");
		indent(sb, depth + 1);
		sb_adds(sb, "\"extends\": {\"description\": \"the YAML file, "
		    "relative to this one, of the unit this one varies: its "
		    "keys, with this document's laid over them\", "
		    "\"type\": \"string\", \"pattern\": "
		    "\"\\\\.(yaml|yml)$\"}");
	}
	indent(sb, depth);
	sb_adds(sb, "},");
	if (!partial) {
		indent(sb, depth);
		json_required(sb, keys);
		sb_addc(sb, ',');
	}
	indent(sb, depth);
	sb_adds(sb, "\"additionalProperties\": false");
}

/* A mapping of any keys: its values' description, and a key called
 * name's where that is a name (schema_any_value()). */
static void
json_mapany(struct sbuf *sb, const struct skey *k, int depth, int partial)
{
	struct skey as_name;
	const struct skey *nk = schema_any_value(k, "name", &as_name);

	sb_adds(sb, "\"type\": \"object\",");
	if (nk != k->sub) {
		indent(sb, depth + 1);
		sb_adds(sb, "\"properties\": {\"name\": ");
		json_key(sb, nk, depth + 1, partial);
		sb_adds(sb, "},");
	}
	indent(sb, depth + 1);
	sb_adds(sb, "\"additionalProperties\": ");
	json_key(sb, k->sub, depth + 1, partial);
}

/* One value as the checker takes it: a scalar is text to T_STR, so a
 * number or true is text too.  partial: see json_props(). */
static void
json_key(struct sbuf *sb, const struct skey *k, int depth, int partial)
{
	struct sbuf what = SBUF_INIT;
	size_t i;

	sb_adds(sb, "{");
	indent(sb, depth + 1);
	schema_describe(&what, k);
	sb_adds(sb, "\"description\": ");
	sb_json(sb, what.buf);
	sb_release(&what);
	sb_addc(sb, ',');
	indent(sb, depth + 1);
	switch (k->type) {
	case T_STR:
		if (k->oneof) {
			sb_adds(sb, "\"enum\": [");
			for (i = 0; k->oneof[i]; i++) {
				sb_adds(sb, i ? ", " : "");
				sb_json(sb, k->oneof[i]);
			}
			sb_adds(sb, "]");
		} else if (strcmp(k->name, "name") == 0) {
			sb_addf(sb, "\"type\": [\"string\", \"number\"], "
			    "\"minLength\": 1, \"maxLength\": %d, "
			    "\"allOf\": [{\"pattern\": \"[^ \\\\t\\\\r\\\\n]\"}, "
			    "{\"pattern\": \"^[^\\\\t\\\\r\\\\n]*$\"}, "
			    "{\"pattern\": %s}]", NAME_MAX_CHARS, PRINTABLE);
		} else {
			sb_addf(sb, "\"type\": [\"string\", \"number\", "
			    "\"boolean\"], \"maxLength\": %d, "
			    "\"pattern\": %s", TEXT_MAX_CHARS, PRINTABLE);
		}
		break;
	case T_INT:
	case T_NUM:
		sb_adds(sb, k->type == T_INT ? "\"type\": \"integer\"" :
		    "\"type\": \"number\"");
		if (k->flags & RANGE)
			sb_addf(sb, ", \"minimum\": %.17g, \"maximum\": %.17g",
			    k->min, k->max);
		break;
	case T_BOOL:
		sb_adds(sb, "\"type\": \"boolean\"");
		break;
	case T_MAP:
		if (k->sub)
			json_props(sb, k->sub, depth + 1, NULL, NULL, partial);
		else
			sb_adds(sb, "\"type\": \"object\"");
		break;
	case T_MAPANY:
		json_mapany(sb, k, depth, partial);
		break;
	case T_SEQ:
		sb_adds(sb, "\"type\": \"array\",");
		if (k->flags & RANGE) {
			indent(sb, depth + 1);
			sb_addf(sb, "\"minItems\": %.0f, \"maxItems\": %.0f,",
			    k->min, k->max);
		}
		indent(sb, depth + 1);
		sb_adds(sb, "\"items\": ");
		if (k->sub)
			json_key(sb, k->sub, depth + 1, 0);
		else
			sb_adds(sb, "{}");
		break;
	default:
		sb_adds(sb, "\"$comment\": \"any value\"");
		break;
	}
	indent(sb, depth);
	sb_adds(sb, "}");
}

void
schema_json(struct sbuf *sb, const struct skey *keys, const char *id,
    const char *title, const char *system, const char *kind)
{
	sb_adds(sb, "{\n  \"$schema\": "
	    "\"https://json-schema.org/draft/2020-12/schema\",\n  \"$id\": ");
	sb_json(sb, id);
	sb_adds(sb, ",\n  \"title\": ");
	sb_json(sb, title);
	sb_adds(sb, ",\n  ");
	/* A document that extends another need not give the keys its
	 * base gives: what it requires is said only for one that does
	 * not, below. */
	json_props(sb, keys, 1, system, kind, system != NULL);
	if (system) {
		sb_adds(sb, ",\n  \"if\": {\"required\": [\"extends\"]},"
		    "\n  \"else\": ");
		json_required_tree(sb, keys, 1);
	}
	sb_adds(sb, "\n}\n");
}
