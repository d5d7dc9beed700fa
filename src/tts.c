/*
 * tts.c -- a deck as a Tabletop Simulator saved object; see tts.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pdf/pdf.h"
#include "tts.h"
#include "util.h"

/* The deck's place on the table: lifted a little, face down. */
static const char transform[] =
    "{\"posX\": 0, \"posY\": 1, \"posZ\": 0, \"rotX\": 0, \"rotY\": 180, "
    "\"rotZ\": 180, \"scaleX\": 1, \"scaleY\": 1, \"scaleZ\": 1}";

/* A file:/// URI of path (made absolute), its bytes outside the
 * unreserved set and '/' written %XX (RFC 3986). */
static void
file_uri(struct sbuf *sb, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	char cwd[PATH_MAX], *abs = NULL;
	const unsigned char *s;

	if ((abs = realpath(path, NULL)) == NULL && path[0] != '/' &&
	    getcwd(cwd, sizeof(cwd)) != NULL) {
		abs = xmalloc(strlen(cwd) + strlen(path) + 2);
		sprintf(abs, "%s/%s", cwd, path);
	}
	sb_adds(sb, "file://");
	for (s = (const unsigned char *)(abs ? abs : path); *s; s++)
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || strchr("-._~/", *s)) {
			sb_addc(sb, (char)*s);
		} else {
			sb_addc(sb, '%');
			sb_addc(sb, hex[*s >> 4]);
			sb_addc(sb, hex[*s & 15]);
		}
	free(abs);
}

/* A GUID as the game writes them, six hex digits; the same for the
 * same deck and card, so that the same job writes the same file. */
static void
guid(struct sbuf *sb, const char *name, int n)
{
	unsigned long h = 5381;
	const char *s;

	for (s = name; *s; s++)
		h = h * 33 + (unsigned char)*s;
	h = h * 33 + (unsigned long)n;
	sb_addf(sb, "\"GUID\": \"%06lx\"", h & 0xffffff);
}

/* One entry of CustomDeck: sheet k's key (k + 1) and its images. */
static void
custom_deck(struct sbuf *sb, const struct tts_deck *d, int k)
{
	sb_addf(sb, "\"%d\": {\"FaceURL\": \"", k + 1);
	{
		struct sbuf u = SBUF_INIT;

		file_uri(&u, d->sheets[k]);
		sb_adds(sb, u.buf);	/* a URI holds nothing to escape */
		sb_reset(&u);
		file_uri(&u, d->back);
		sb_addf(sb, "\", \"BackURL\": \"%s\", ", u.buf);
		sb_release(&u);
	}
	sb_addf(sb, "\"NumWidth\": %d, \"NumHeight\": %d, \"BackIsHidden\": "
	    "true, \"UniqueBack\": false, \"Type\": 0}", d->cols, d->rows);
}

static int
fill(int fd, const char *path, void *ctx, char *err, size_t errlen)
{
	const struct sbuf *sb = ctx;
	size_t off = 0;

	while (off < sb->len) {
		ssize_t w = write(fd, sb->buf + off, sb->len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return -1;
		}
		off += (size_t)w;
	}
	return 0;
}

int
tts_write(const char *path, const struct tts_deck *d, char *err,
    size_t errlen)
{
	struct sbuf sb = SBUF_INIT;
	int i, k, rc;

	sb_adds(&sb, "{\n  \"SaveName\": \"\",\n  \"GameMode\": \"\",\n"
	    "  \"Date\": \"\",\n  \"Gravity\": 0.5,\n  \"PlayArea\": 0.5,\n"
	    "  \"Note\": \"\",\n  \"LuaScript\": \"\",\n"
	    "  \"LuaScriptState\": \"\",\n  \"XmlUI\": \"\",\n"
	    "  \"ObjectStates\": [\n    {\n      ");
	guid(&sb, d->name, -1);
	sb_adds(&sb, ",\n      \"Name\": \"DeckCustom\",\n      \"Nickname\": ");
	sb_json(&sb, d->name);
	sb_addf(&sb, ",\n      \"Description\": \"\",\n      \"Transform\": "
	    "%s,\n      \"Locked\": false,\n      \"Grid\": true,\n"
	    "      \"Snap\": true,\n      \"Tooltip\": true,\n"
	    "      \"SidewaysCard\": false,\n      \"HideWhenFaceDown\": "
	    "true,\n      \"Hands\": false,\n      \"DeckIDs\": [", transform);
	for (i = 0; i < d->ncards; i++)
		sb_addf(&sb, "%s%d", i ? ", " : "", (i / d->per_sheet + 1) *
		    100 + i % d->per_sheet);
	sb_adds(&sb, "],\n      \"CustomDeck\": {");
	for (k = 0; k < d->nsheets; k++) {
		sb_adds(&sb, k ? ",\n        " : "\n        ");
		custom_deck(&sb, d, k);
	}
	sb_adds(&sb, "\n      },\n      \"ContainedObjects\": [");
	for (i = 0; i < d->ncards; i++) {
		k = i / d->per_sheet;
		sb_adds(&sb, i ? ",\n        {" : "\n        {");
		guid(&sb, d->name, i);
		sb_adds(&sb, ", \"Name\": \"Card\", \"Nickname\": ");
		sb_json(&sb, d->cards[i].name);
		sb_adds(&sb, ", \"Description\": ");
		sb_json(&sb, d->cards[i].desc);
		sb_addf(&sb, ", \"CardID\": %d, \"Transform\": %s, "
		    "\"Hands\": true, \"SidewaysCard\": false, "
		    "\"CustomDeck\": {", (k + 1) * 100 + i % d->per_sheet,
		    transform);
		custom_deck(&sb, d, k);
		sb_adds(&sb, "}}");
	}
	sb_adds(&sb, "\n      ]\n    }\n  ]\n}\n");
	rc = save_file(path, fill, &sb, err, errlen);
	sb_release(&sb);
	return rc;
}

/* The bytes of path, *len of them, or NULL. */
static char *
slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n;

	*len = 0;
	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	do {
		if (*len == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = xrealloc(buf, cap);
		}
		n = fread(buf + *len, 1, cap - *len, f);
		*len += n;
	} while (n > 0);
	if (ferror(f)) {
		snprintf(err, errlen, "%s: cannot read it back", path);
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

int
tts_backs_once(char *const *backs, int n, const char *once, char *err,
    size_t errlen)
{
	char *first, *other;
	size_t len, olen;
	int i, same = 1;

	if (n == 0)
		return 0;
	if ((first = slurp(backs[0], &len, err, errlen)) == NULL)
		return -1;
	for (i = 1; i < n && same; i++) {
		if ((other = slurp(backs[i], &olen, err, errlen)) == NULL) {
			free(first);
			return -1;
		}
		same = olen == len && memcmp(first, other, len) == 0;
		free(other);
	}
	free(first);
	if (!same)
		return 0;
	if (rename(backs[0], once) < 0) {
		snprintf(err, errlen, "%s: %s", once, strerror(errno));
		return -1;
	}
	for (i = 1; i < n; i++)
		unlink(backs[i]);
	return 1;
}

char *
tts_plain(const char *text)
{
	struct sbuf sb = SBUF_INIT;
	const char *s = text, *p, *end;
	char *out;

	while ((p = strstr(s, "{icon:")) != NULL &&
	    (end = strchr(p, '}')) != NULL) {
		sb_add(&sb, s, (size_t)(p - s));
		sb_addf(&sb, "[%.*s]", (int)(end - p - 6), p + 6);
		s = end + 1;
	}
	sb_adds(&sb, s);
	out = xstrdup(sb_str(&sb));
	sb_release(&sb);
	return out;
}
