/*
 * pdf_fontcache.c -- what pdf_font() found for a finder (pdf_new_finder(),
 * check's), kept between runs in $XDG_CACHE_HOME/muster/fonts (else
 * ~/.cache/muster/fonts), so that a check where nothing is new neither
 * starts fontconfig (its ~46 configuration files parsed: 9 ms of
 * processor time, most of a one-file check's) nor has libharu read the
 * font files again.
 *
 * Nothing is trusted that may have changed: the record holds, beside each
 * pattern's outcome (the font file, or which of pdf_font()'s reasons it
 * could not be used, and the family fontconfig gave instead) and each
 * font file's charset (what pdf_missing_glyph() asks), what every
 * outcome rests on: the environment fontconfig reads, and the identity
 * (device, inode, size, modification time to the nanosecond) or absence
 * of each configuration file fontconfig read, of the folders they are in,
 * of the folders it scanned for fonts, of the user's configuration places
 * (present or not), of each font file found, and muster's version.  Any
 * difference, or a record not read whole, and it is not used: fontconfig
 * is asked and the record made again.  A record that cannot be written is
 * no error.  MUSTER_FONT_CACHE=0 turns it off.
 */
#include "pdf_impl.h"

#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util.h"

#ifndef VERSION
#define VERSION "0"
#endif

/* What fontconfig reads from the environment (its files, the language
 * that weighs a match, the user's folders). */
static const char *const fc_env[] = {
	"FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT",
	"FC_LANG", "LC_ALL", "LC_CTYPE", "LANG", "HOME", "XDG_CONFIG_HOME",
	"XDG_DATA_HOME", "XDG_CACHE_HOME", NULL
};

struct fc_entry {
	char *pattern, *file, *subst;	/* file, subst: "" when none */
	int why;			/* -1: usable, else pdf_font_why[] */
};

/* A font file's charset, as pdf_charset_text() writes it. */
struct fc_charset {
	char *file, *text;
};

static struct {
	int loaded;		/* the record was read (or found unusable) */
	int valid;		/* ... and everything it rests on is as it was */
	struct fc_entry *e;
	size_t n, cap;
	struct fc_charset *cs;
	size_t ncs, capcs;
	char **paths;		/* what the outcomes rest on, to stat again */
	size_t npaths, cappaths;
} fc;

static void
fc_free(void)
{
	size_t i;

	for (i = 0; i < fc.n; i++) {
		free(fc.e[i].pattern);
		free(fc.e[i].file);
		free(fc.e[i].subst);
	}
	for (i = 0; i < fc.ncs; i++) {
		free(fc.cs[i].file);
		free(fc.cs[i].text);
	}
	for (i = 0; i < fc.npaths; i++)
		free(fc.paths[i]);
	free(fc.e);
	free(fc.cs);
	free(fc.paths);
	memset(&fc, 0, sizeof(fc));
}

/* The record's path in buf, or 0 when there is none to keep. */
static int
fc_path(char *buf, size_t size, int dir)
{
	const char *off = getenv("MUSTER_FONT_CACHE");
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	int n;

	if (off && strcmp(off, "0") == 0)
		return 0;
	if (x && *x == '/')
		n = snprintf(buf, size, "%s/muster%s", x, dir ? "" : "/fonts");
	else if (home && *home == '/')
		n = snprintf(buf, size, "%s/.cache/muster%s", home,
		    dir ? "" : "/fonts");
	else
		return 0;
	return n > 0 && (size_t)n < size;
}

/* "s DEV INO SIZE SEC NSEC PATH" for path as it is, or "s - PATH". */
static void
stat_line(struct sbuf *sb, const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		sb_addf(sb, "s - %s\n", path);
	else
		sb_addf(sb, "s %llu %llu %lld %lld %ld %s\n",
		    (unsigned long long)st.st_dev,
		    (unsigned long long)st.st_ino, (long long)st.st_size,
		    (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec,
		    path);
}

static void
env_lines(struct sbuf *sb)
{
	const char *v;
	int i;

	sb_addf(sb, "muster-fonts 2 %s\n", VERSION);
	for (i = 0; fc_env[i]; i++) {
		v = getenv(fc_env[i]);
		sb_addf(sb, "e %s %s%s\n", fc_env[i], v ? "=" : "-",
		    v ? v : "");
	}
}

/* Whether s is fit for a line of the record (no newline, no tab). */
static int
plain_text(const char *s)
{
	return strpbrk(s, "\n\t") == NULL;
}

static void
add_path(const char *p)
{
	size_t i;

	if (*p != '/' || !plain_text(p))
		return;
	for (i = 0; i < fc.npaths; i++)
		if (strcmp(fc.paths[i], p) == 0)
			return;
	if (fc.npaths == fc.cappaths) {
		fc.cappaths = fc.cappaths ? 2 * fc.cappaths : 64;
		fc.paths = xrealloc(fc.paths, fc.cappaths * sizeof(*fc.paths));
	}
	fc.paths[fc.npaths++] = xstrdup(p);
}

static void
add_list(FcStrList *l, int parent)
{
	FcChar8 *s;
	char *slash;

	if (l == NULL)
		return;
	while ((s = FcStrListNext(l)) != NULL) {
		add_path((const char *)s);
		if (parent && (slash = strrchr((char *)s, '/')) != NULL &&
		    slash != (char *)s) {
			char *d = xstrndup((const char *)s,
			    (size_t)(slash - (char *)s));

			add_path(d);
			free(d);
		}
	}
	FcStrListDone(l);
}

/* What fontconfig's answers rest on, fontconfig started: its files and
 * folders, and the user's places it would read were they there. */
static void
collect_paths(void)
{
	static const char *const user[] = {
		"%s/fontconfig", "%s/fontconfig/fonts.conf",
		"%s/fontconfig/conf.d", NULL
	};
	const char *home = getenv("HOME"), *x = getenv("XDG_CONFIG_HOME");
	char buf[4096];
	size_t i;
	int k;

	add_list(FcConfigGetConfigFiles(NULL), 1);
	add_list(FcConfigGetConfigDirs(NULL), 0);
	add_list(FcConfigGetFontDirs(NULL), 0);
	for (k = 0; user[k] && (x || home); k++) {
		if (x && *x)
			snprintf(buf, sizeof(buf), user[k], x);
		else {
			char cfg[4096];

			snprintf(cfg, sizeof(cfg), "%s/.config", home);
			snprintf(buf, sizeof(buf), user[k], cfg);
		}
		add_path(buf);
	}
	if (home) {
		snprintf(buf, sizeof(buf), "%s/.fonts.conf", home);
		add_path(buf);
		snprintf(buf, sizeof(buf), "%s/.fonts.conf.d", home);
		add_path(buf);
	}
	for (i = 0; i < fc.n; i++)
		if (*fc.e[i].file)
			add_path(fc.e[i].file);
}

/* Writes the record whole (a new file renamed over the old). */
static void
fc_write(void)
{
	struct sbuf sb = SBUF_INIT;
	char path[4096], tmp[4200];
	size_t i;
	FILE *f;

	if (!fc_path(path, sizeof(path), 1))
		return;
	if (mkdir(path, 0777) != 0 && errno != EEXIST) {
		/* ~/.cache may be missing too: one level up, once. */
		char *slash = strrchr(path, '/');

		*slash = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST)
			return;
		*slash = '/';
		if (mkdir(path, 0777) != 0 && errno != EEXIST)
			return;
	}
	fc_path(path, sizeof(path), 0);
	snprintf(tmp, sizeof(tmp), "%s.%ld", path, (long)getpid());
	collect_paths();
	env_lines(&sb);
	for (i = 0; i < fc.npaths; i++)
		stat_line(&sb, fc.paths[i]);
	for (i = 0; i < fc.n; i++)
		sb_addf(&sb, "f %d %s\t%s\t%s\n", fc.e[i].why,
		    fc.e[i].pattern, fc.e[i].subst, fc.e[i].file);
	for (i = 0; i < fc.ncs; i++)
		sb_addf(&sb, "c %s\t%s\n", fc.cs[i].file, fc.cs[i].text);
	sb_addf(&sb, "end\n");
	if ((f = fopen(tmp, "w")) == NULL) {
		sb_release(&sb);
		return;
	}
	if (fwrite(sb.buf, 1, sb.len, f) != sb.len) {
		fclose(f);
		unlink(tmp);
	} else if (fclose(f) != 0 || rename(tmp, path) != 0)
		unlink(tmp);
	sb_release(&sb);
}

static void
add_entry(const char *pattern, int why, const char *subst, const char *file)
{
	struct fc_entry *e;

	if (fc.n == fc.cap) {
		fc.cap = fc.cap ? 2 * fc.cap : 8;
		fc.e = xrealloc(fc.e, fc.cap * sizeof(*fc.e));
	}
	e = &fc.e[fc.n++];
	e->pattern = xstrdup(pattern);
	e->why = why;
	e->subst = xstrdup(subst ? subst : "");
	e->file = xstrdup(file ? file : "");
}

/* The charset text of a font file, or NULL. */
static const char *
charset_of(const char *file)
{
	size_t i;

	for (i = 0; i < fc.ncs; i++)
		if (strcmp(fc.cs[i].file, file) == 0)
			return fc.cs[i].text;
	return NULL;
}

static void
add_charset(const char *file, const char *text)
{
	if (charset_of(file))
		return;
	if (fc.ncs == fc.capcs) {
		fc.capcs = fc.capcs ? 2 * fc.capcs : 8;
		fc.cs = xrealloc(fc.cs, fc.capcs * sizeof(*fc.cs));
	}
	fc.cs[fc.ncs].file = xstrdup(file);
	fc.cs[fc.ncs++].text = xstrdup(text);
}

/* One "c" line: "c FILE\tCHARSET". */
static int
read_charset(char *line)
{
	char *text = strchr(line + 2, '\t');

	if (text == NULL || line[2] != '/')
		return -1;
	*text++ = '\0';
	add_charset(line + 2, text);
	return 0;
}

/* One "f" line: "f WHY PATTERN\tSUBST\tFILE". */
static int
read_entry(char *line)
{
	char *end, *pat, *sub, *file;
	long why = strtol(line + 2, &end, 10);

	if (*end != ' ' || why < -1 || why >= PDF_FONT_NWHY)
		return -1;
	pat = end + 1;
	if ((sub = strchr(pat, '\t')) == NULL)
		return -1;
	*sub++ = '\0';
	if ((file = strchr(sub, '\t')) == NULL)
		return -1;
	*file++ = '\0';
	add_entry(pat, (int)why, sub, file);
	return 0;
}

/* Reads the record; fc.valid when it is whole and all it rests on is as
 * it was. */
static void
fc_load(void)
{
	struct sbuf now = SBUF_INIT, want = SBUF_INIT;
	char path[4096], *buf = NULL, *line, *nl;
	struct stat st;
	size_t len = 0, i;
	int ok = 0, ended = 0;

	fc.loaded = 1;
	atexit(fc_free);
	if (!fc_path(path, sizeof(path), 0) ||
	    read_regular(path, 1 << 20, &buf, &len, &st) != READ_OK)
		return;
	env_lines(&want);
	/* The environment lines first, as they are now. */
	if (len < want.len || memcmp(buf, want.buf, want.len) != 0)
		goto out;
	ok = 1;
	for (line = buf + want.len; ok && *line; line = nl + 1) {
		if ((nl = strchr(line, '\n')) == NULL) {
			ok = 0;
			break;
		}
		*nl = '\0';
		if (strncmp(line, "s ", 2) == 0) {
			char *p = strchr(line[2] == '-' ? line + 2 : line, '/');

			sb_reset(&now);
			if (p == NULL) {
				ok = 0;
				break;
			}
			stat_line(&now, p);
			now.buf[now.len - 1] = '\0';
			ok = strcmp(now.buf, line) == 0;
			if (ok)
				add_path(p);
		} else if (strncmp(line, "f ", 2) == 0)
			ok = read_entry(line) == 0;
		else if (strncmp(line, "c ", 2) == 0)
			ok = read_charset(line) == 0;
		else if (strcmp(line, "end") == 0) {
			ended = 1;
			break;
		} else
			ok = 0;
	}
	ok = ok && ended;
	/* Each usable font's charset is there, or the record is not used
	 * (pdf_missing_glyph() would have nothing to ask). */
	for (i = 0; ok && i < fc.n; i++)
		ok = fc.e[i].why >= 0 || charset_of(fc.e[i].file) != NULL;
out:
	if (!ok)
		fc_free();
	fc.loaded = 1;
	fc.valid = ok;
	free(buf);
	sb_release(&now);
	sb_release(&want);
}

int
pdf_fontcache_get(const char *pattern, int *why, const char **subst,
    const char **file, const char **cstext)
{
	size_t i;

	if (!fc.loaded)
		fc_load();
	if (!fc.valid)
		return 0;
	for (i = 0; i < fc.n; i++)
		if (strcmp(fc.e[i].pattern, pattern) == 0) {
			*why = fc.e[i].why;
			*subst = *fc.e[i].subst ? fc.e[i].subst : NULL;
			*file = fc.e[i].file;
			*cstext = charset_of(fc.e[i].file);
			return 1;
		}
	return 0;
}

void
pdf_fontcache_put(const char *pattern, int why, const char *subst,
    const char *file, const FcCharSet *cs)
{
	char *text;

	if (!plain_text(pattern) || (subst && !plain_text(subst)) ||
	    (file && !plain_text(file)))
		return;
	if (!fc.loaded)
		fc_load();
	if (!fc.valid) {
		/* Made again from what this run finds. */
		fc_free();
		fc.loaded = fc.valid = 1;
	}
	add_entry(pattern, why, subst, file);
	if (file && why < 0 && charset_of(file) == NULL) {
		text = pdf_charset_text(cs);
		add_charset(file, text);
		free(text);
	}
	fc_write();
}

/*
 * A charset as text: each run of code points "lo-hi", or one "c", in
 * hexadecimal, separated by spaces ("20-7e a0-17f 2663").  DejaVu Sans
 * Condensed's are 283 runs, 2.5 KB.
 */
/* Ends the run of code points lo to hi in sb. */
static void
run_end(struct sbuf *sb, FcChar32 lo, FcChar32 hi)
{
	sb_addf(sb, lo == hi ? "%s%x" : "%s%x-%x", sb->len ? " " : "",
	    (unsigned)lo, (unsigned)hi);
}

char *
pdf_charset_text(const FcCharSet *cs)
{
	FcChar32 map[FC_CHARSET_MAP_SIZE], next, base, end = 0, lo = 0;
	struct sbuf sb = SBUF_INIT;
	int in = 0, i;

	if (cs)
		for (base = FcCharSetFirstPage(cs, map, &next);
		    base != FC_CHARSET_DONE;
		    base = FcCharSetNextPage(cs, map, &next)) {
			/* A page skipped (none of it printed) ends a run. */
			if (in && base != end + 1) {
				run_end(&sb, lo, end);
				in = 0;
			}
			for (i = 0; i < 256; i++) {
				if (map[i / 32] >> (i % 32) & 1) {
					if (!in)
						lo = base + (FcChar32)i;
					in = 1;
				} else if (in) {
					run_end(&sb, lo, base + (FcChar32)i - 1);
					in = 0;
				}
			}
			end = base + 255;
		}
	if (in)
		run_end(&sb, lo, end);
	if (sb.len == 0)
		sb_adds(&sb, "-");
	return sb.buf;
}

FcCharSet *
pdf_charset_parse(const char *s)
{
	FcCharSet *cs = FcCharSetCreate();
	unsigned long lo, hi, c;
	char *end;

	while (cs && *s && *s != '-') {
		lo = hi = strtoul(s, &end, 16);
		if (*end == '-')
			hi = strtoul(end + 1, &end, 16);
		if (end == s || hi < lo || hi > 0x10ffff)
			break;
		for (c = lo; c <= hi; c++)
			FcCharSetAddChar(cs, (FcChar32)c);
		s = *end == ' ' ? end + 1 : end;
		if (*end != ' ')
			break;
	}
	return cs;
}

void
pdf_font_record_forget(void)
{
	fc_free();
}
