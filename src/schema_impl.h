/*
 * schema_impl.h -- what schema.c shares with schema_json.c: the text
 * limits and the words for what a key wants.
 */
#ifndef MUSTER_SCHEMA_IMPL_H
#define MUSTER_SCHEMA_IMPL_H

struct sbuf;
struct skey;

/* Text limits (SPEC section 8): a name of 1 to NAME_MAX characters,
 * any other text at most TEXT_MAX. */
#define NAME_MAX_CHARS 100
#define TEXT_MAX_CHARS 2000

/* What a key wants, for "missing key" messages and a JSON Schema's
 * descriptions: its allowed values. */
void schema_describe(struct sbuf *sb, const struct skey *k);

#endif
