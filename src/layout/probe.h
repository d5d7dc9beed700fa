/*
 * layout/probe.h -- what `muster check` opens of what a card would
 * print, so that check refuses what render would (SPEC 2): every font a
 * template names (found and loaded, as render loads it), every picture
 * its front and back place (its header read: pdf/imgprobe.h), with the
 * nearest existing name for a missing one, and every text they print
 * asked of its font as render asks it (layout_glyph(): render.glyph),
 * a field's value at a time, ASCII by a table.  Each problem once a
 * place, however many cards or templates share it.
 */
#ifndef MUSTER_LAYOUT_PROBE_H
#define MUSTER_LAYOUT_PROBE_H

#include <stddef.h>

struct probe;
struct record;
struct template;

/* A probe for one command's run; free with probe_free(). */
struct probe *probe_new(void);
void probe_free(struct probe *pr);
/* The fonts of t and the pictures it fixes (no {field} in the path). */
void probe_template(struct probe *pr, const struct template *t);
/* Every picture t would place for r, front and back, t's fonts, and
 * every text t prints for r. */
void probe_card(struct probe *pr, const struct template *t,
    const struct record *r);
/* Whether probe_card(pr, t, r) would open nothing for any r: t places
 * no picture, prints no text and its fonts were probed.  Then a card
 * need not be made to be probed. */
int probe_card_idle(struct probe *pr, const struct template *t);
/*
 * Whether probe_card(pr, t, r) would tell nothing for any r whose text
 * holds only printable ASCII, line breaks and the n characters cs[]:
 * t was probed with a card before (its fonts, its own words), places no
 * picture, and every font it prints a field in has all of them.  Then
 * such a card need not be made to be probed.
 */
int probe_text_idle(struct probe *pr, const struct template *t,
    const long *cs, size_t n);

#endif
