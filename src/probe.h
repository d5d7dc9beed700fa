/*
 * probe.h -- check's look ahead at what render would refuse (SPEC 2):
 * each document's cards are filled as render fills them and the
 * template that would print each is probed (layout/probe.h): its fonts
 * loaded, its pictures' headers read, its text asked of its fonts.
 * Where the games meet the templates, as catalog.h; for `muster check`.
 */
#ifndef MUSTER_PROBE_H
#define MUSTER_PROBE_H

struct loaded;
struct template;
struct checkprobe;

struct checkprobe *checkprobe_new(void);
void checkprobe_free(struct checkprobe *cp);
/* For system_read_file(): probes a document loaded without errors. */
void checkprobe_document(struct loaded *ld, void *ctx);
/* A template given to check by itself: its fonts and fixed pictures. */
void checkprobe_template(struct checkprobe *cp, const struct template *t);

#endif
