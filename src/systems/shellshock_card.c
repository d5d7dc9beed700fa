/*
 * systems/shellshock_card.c -- kind card: the basic game's business-card
 * record card (000_aa283e32b68e0840.txt; SPEC sections 3.1 and 6).
 *
 * load() turns a checked document into a struct ss_unit plus the nodes
 * that rules point at; rules[] holds one check per SPEC 3.1 item; the
 * card product fills the record the shellshock-card template prints.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../record.h"
#include "../rules/shellshock.h"
#include "../rules/shellshock_value.h"
#include "../schema.h"
#include "../system.h"
#include "shellshock_game.h"

/* ---- keys (SPEC 3.1) ---- */

/* What the rules ask of values whose bounds in the key tables are
 * muster's (wider, so that the rule itself can tell a wrong one). */
#define TERRAIN_HINT "movement points, " STR(SS_TERRAIN_MIN) " to " \
	STR(SS_TERRAIN_MAX) " (open ground " STR(SS_OPEN_COST) ")"
#define ARMOR_HINT "armor points, " STR(SS_ARMOR_MIN) " or more"

static const struct skey k_terrain[] = {
	K_INTH("open", REQ, -1000, 1000, TERRAIN_HINT),
	K_INTH("rough", REQ, -1000, 1000, TERRAIN_HINT),
	K_INTH("trees", REQ, -1000, 1000, TERRAIN_HINT),
	K_INTH("incline1", REQ, -1000, 1000, TERRAIN_HINT),
	K_INTH("incline2", REQ, -1000, 1000, TERRAIN_HINT),
	K_INTH("shallow_water", REQ, -1000, 1000, TERRAIN_HINT),
	K_END
};

static const struct skey k_movement[] = {
	K_INT("max_speed", REQ, 0, 99),
	K_INT("road_speed", REQ, 0, 99),
	K_TEXT("maneuver", REQ, "three of y, n, ? (turns at the start, middle, end), such as ??n"),
	K_INT("tonnage", REQ, 0, 99999),
	K_MAP("terrain", REQ, k_terrain),
	K_END
};

static const struct skey k_dv_item[] = { K_INTH("dV", REQ, -9999, 9999,
    "a defense value, " STR(SS_DV_MIN) " or more") };
static const struct skey k_defense[] = {
	K_SEQ("E", REQ, 2, 2, k_dv_item),
	K_SEQ("M", REQ, 2, 2, k_dv_item),
	K_SEQ("B", REQ, 2, 2, k_dv_item),
	K_SEQ("I", REQ, 2, 2, k_dv_item),
	K_SEQ("S", REQ, 2, 2, k_dv_item),
	K_INTH("P", REQ, -9999, 9999,
	    "the physical defense value, " STR(SS_DV_MIN) " or more"),
	K_END
};

static const struct skey k_weapon_keys[] = {
	K_TEXT("row", REQ, "the defense row it fires on: E, M, B, I or S"),
	K_INTH("damage", REQ, -9999, 9999,
	    "the weapon's damage, " STR(SS_DAMAGE_MIN) " or more"),
	K_TEXT("class", REQ, "p (primary) or s (secondary)"),
	K_TEXT("arc", REQ, "front, rear, left, right, pivot1, pivot2 or pivot3"),
	K_BOOL("spread", OPT),
	K_END
};
static const struct skey k_weapon[] = { K_MAP("weapon", REQ, k_weapon_keys) };

static const struct skey k_armor[] = {
	K_INTH("front", REQ, -9999, 9999, ARMOR_HINT),
	K_INTH("right", REQ, -9999, 9999, ARMOR_HINT),
	K_INTH("left", REQ, -9999, 9999, ARMOR_HINT),
	K_INTH("rear", REQ, -9999, 9999, ARMOR_HINT),
	K_END
};

static const struct skey k_bound[] = { K_INTH("internal", REQ, -9999, 9999,
    "a damage total, " STR(SS_BAND_MIN) " or more") };
static const struct skey k_band[] = {
	K_SEQH("internal", REQ, 2, 2, k_bound, "a band [from, to], such as [5, 10]")
};

static const struct skey k_card[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_TEXT("name", REQ, "the unit's name"),
	K_STR("card", OPT),
	K_ENUM("era", REQ, ss_era_name),
	K_STR("side", OPT),
	K_INT("combat_value", OPT, 0, 99999),
	K_MAP("movement", REQ, k_movement),
	K_MAP("defense", REQ, k_defense),
	K_TEXT("gunnery", REQ, "the targeting die and skill, such as d10+4"),
	K_INTH("gunners", REQ, -99, 99,
	    "the number of gunners, " STR(SS_GUNNERS_MIN) " or more"),
	K_SEQ("weapons", OPT, 0, SS_MAX_RAW_WEAPONS, k_weapon),
	K_NUM("ram", OPT, 0, 99),
	K_MAP("armor", REQ, k_armor),
	K_SEQH("internal", REQ, SS_BANDS, SS_BANDS, k_band,
	    "the internal damage bands, such as [[5, 10], [11, 15], [16, 21]]"),
	K_INTH("dead", REQ, -9999, 99999,
	    "the damage that destroys the unit, one past the last internal band"),
	K_END
};

/* ---- load ---- */

/* The digits at *s as a number, *s moved past them; any above 1000 is
 * 1000, past every limit of a die or a skill. */
static long
digits(const char **s)
{
	long v = 0;

	for (; **s >= '0' && **s <= '9'; (*s)++)
		if ((v = v * 10 + (**s - '0')) > 1000)
			v = 1000;
	return v;
}

/* Parses "d10+4" (or "1d10+4", "d8", "d6+0") into die and skill. */
int
ss_parse_gunnery(const char *s, int *die, int *skill)
{
	long d, k = 0;

	if (s[0] == '1' && s[1] == 'd')
		s++;
	if (*s++ != 'd' || *s < '1' || *s > '9')
		return 0;
	d = digits(&s);
	if (*s == '+') {
		s++;
		if (*s < '0' || *s > '9')
			return 0;
		k = digits(&s);
	}
	if (*s != '\0' || d > 100 || k > 99)
		return 0;
	*die = (int)d;
	*skill = (int)k;
	return 1;
}

static void
load_weapons(struct ss_card *c, const struct node *list)
{
	int used[SS_NROWS] = { 0 };
	size_t i;

	if (list == NULL || list->type != N_SEQ || list->bad)
		return;
	for (i = 0; i < list->n && c->nraw < SS_MAX_RAW_WEAPONS; i++) {
		const struct node *m = list->kid[i];
		struct ss_raw_weapon *w = &c->raw[c->nraw++];
		const struct keyget keys[] = {
			KEYGET("row", &w->row), KEYGET("damage", &w->damage),
			KEYGET("class", &w->cls), KEYGET("arc", &w->arc),
			KEYGET("spread", &w->spread), KEYGET_END
		};
		const char *p;

		w->map = m;
		keys_get(m, keys);
		/* Looked up once, for the rules as for the card. */
		w->cls_i = str_index(ss_class_name, node_str(w->cls, NULL));
		w->arc_i = str_index(ss_arc_name, node_str(w->arc, NULL));
		/* Only a weapon that is right in every respect is used by the
		 * card and by odds; the rules report the others. */
		p = node_str(w->row, NULL);
		if (p == NULL || strlen(p) != 1 || !strchr("EMBIS", *p))
			continue;
		int row = (int)(strchr(ss_row_letter, *p) - ss_row_letter);
		long dmg = node_long(w->damage, 0);

		if (used[row]++ || dmg < SS_DAMAGE_MIN || w->arc_i < 0 ||
		    w->cls_i < 0 || c->u.nweapons >= SS_MAX_WEAPONS)
			continue;
		struct ss_weapon *sw = &c->u.weapon[c->u.nweapons++];
		sw->row = row;
		sw->damage = (int)dmg;
		sw->cls = ss_class_name[w->cls_i][0];
		sw->arc = w->arc_i;
		sw->spread = node_bool(w->spread, 0);
	}
}

/* The most names load_named() is given. */
#define NAMED_MAX 6
_Static_assert(SS_NTERRAIN <= NAMED_MAX && SS_NROWS <= NAMED_MAX &&
    SS_NFACINGS <= NAMED_MAX, "load_named() takes each list whole");

/* The values in m of n keys, named by keys[], into at[]. */
static void
load_named(const struct node *m, const char *const *keys, size_t n,
    const struct node **at)
{
	struct keyget f[NAMED_MAX + 1];
	size_t i;

	for (i = 0; i < n && i < NAMED_MAX; i++) {
		f[i].name = keys[i];
		f[i].len = strlen(keys[i]);
		f[i].at = &at[i];
	}
	f[i].name = NULL;
	keys_get(m, f);
}

/* movement: speeds, maneuver, tonnage and terrain costs. */
static void
load_movement(struct ss_card *c, const struct node *mv)
{
	struct ss_unit *u = &c->u;
	const struct node *max_speed, *road_speed, *tonnage, *tr;
	const struct keyget keys[] = {
		KEYGET("max_speed", &max_speed),
		KEYGET("road_speed", &road_speed),
		KEYGET("maneuver", &c->maneuver_n), KEYGET("tonnage", &tonnage),
		KEYGET("terrain", &tr), KEYGET_END
	};
	const char *s;
	size_t i;

	keys_get(mv, keys);
	u->max_speed = (int)node_long(max_speed, 0);
	u->road_speed = (int)node_long(road_speed, 0);
	u->tonnage = (int)node_long(tonnage, 0);
	/* The maneuver's text, cut to its field as snprintf() cuts it. */
	s = node_str(c->maneuver_n, "");
	for (i = 0; s[i] && i < sizeof(u->maneuver) - 1; i++)
		u->maneuver[i] = s[i];
	u->maneuver[i] = '\0';
	load_named(tr, ss_terrain_key, SS_NTERRAIN, c->terrain_n);
	for (i = 0; i < SS_NTERRAIN; i++)
		u->terrain[i] = (int)node_long(c->terrain_n[i], 1);
}

/* defense: each row's dV, front/back and sides (P one value). */
static void
load_defense(struct ss_card *c, const struct node *df)
{
	struct ss_unit *u = &c->u;
	const struct node *v[SS_NROWS];
	char key[SS_NROWS][2];
	const char *keys[SS_NROWS];
	size_t i;
	int r;

	/* Each row's key is its letter in the rules' table. */
	for (r = 0; r < SS_NROWS; r++) {
		key[r][0] = ss_row_letter[r];
		key[r][1] = '\0';
		keys[r] = key[r];
	}
	load_named(df, keys, SS_NROWS, v);
	for (r = 0; r < SS_NROWS; r++) {
		if (r == SS_P) {
			c->dv_n[r][0] = c->dv_n[r][1] = v[r];
			u->dv[r][0] = u->dv[r][1] = (int)node_long(v[r], 1);
			continue;
		}
		for (i = 0; i < 2; i++) {
			c->dv_n[r][i] = v[r] && v[r]->type == N_SEQ &&
			    !v[r]->bad && v[r]->n == 2 ? v[r]->kid[i] : NULL;
			u->dv[r][i] = (int)node_long(c->dv_n[r][i], 1);
		}
	}
}

/* internal: the damage bands, whether they run on as the rules ask, and
 * the dead threshold (c->internal_n and c->dead_n, read by load()). */
static void
load_internal(struct ss_card *c)
{
	struct ss_unit *u = &c->u;
	const struct node *in = c->internal_n;
	size_t i;

	if (in && in->type == N_SEQ && !in->bad)
		for (i = 0; i < in->n && i < SS_BANDS; i++) {
			const struct node *band = in->kid[i];

			c->band_n[i] = band;
			if (band->type != N_SEQ || band->bad || band->n != 2)
				continue;
			u->band[i][0] = (int)node_long(band->kid[0], 0);
			u->band[i][1] = (int)node_long(band->kid[1], 0);
			u->nbands = (int)i + 1;
		}
	u->dead = (int)node_long(c->dead_n, 0);
	c->bands_ok = in && in->type == N_SEQ && !in->bad &&
	    u->nbands == (int)in->n && u->nbands == SS_BANDS;
	for (i = 0; c->bands_ok && i < (size_t)u->nbands; i++)
		if (u->band[i][0] > u->band[i][1] ||
		    (i == 0 && u->band[0][0] < SS_BAND_MIN) ||
		    (i > 0 && u->band[i][0] != u->band[i - 1][1] + 1))
			c->bands_ok = 0;
}

static void *
load(const struct node *root, struct arena *a, struct batch *b)
{
	struct ss_card *c = arena_alloc(a, sizeof(*c));
	struct ss_unit *u = &c->u;
	const struct node *card, *side, *cv, *mv, *df, *weapons, *ar;
	/* The document's keys in the order k_card gives them, which is the
	 * order files do: the walk finds each at once. */
	const struct keyget keys[] = {
		KEYGET("name", &c->name_n), KEYGET("card", &card),
		KEYGET("era", &c->era_n), KEYGET("side", &side),
		KEYGET("combat_value", &cv), KEYGET("movement", &mv),
		KEYGET("defense", &df), KEYGET("gunnery", &c->gunnery_n),
		KEYGET("gunners", &c->gunners_n), KEYGET("weapons", &weapons),
		KEYGET("ram", &c->ram_n), KEYGET("armor", &ar),
		KEYGET("internal", &c->internal_n), KEYGET("dead", &c->dead_n),
		KEYGET_END
	};

	c->root = root;
	keys_get(root, keys);
	u->name = node_str(c->name_n, "(unnamed)");
	ss_index_load(&c->index, card, a);
	u->era = str_index(ss_era_name, node_str(c->era_n, NULL));
	c->side = node_str(side, NULL);
	u->combat_value = (int)node_long(cv, -1);

	load_movement(c, mv);
	load_defense(c, df);
	c->gunnery = node_str(c->gunnery_n, NULL);
	c->gunnery_ok = c->gunnery &&
	    ss_parse_gunnery(c->gunnery, &u->die, &u->skill);
	u->gunners = (int)node_long(c->gunners_n, 1);
	load_weapons(c, weapons);
	u->ram = node_double(c->ram_n, 0);
	c->ram = node_str(c->ram_n, NULL);
	load_named(ar, ss_facing_name, SS_NFACINGS, c->armor_n);
	for (size_t i = 0; i < SS_NFACINGS; i++)
		u->armor[i] = (int)node_long(c->armor_n[i], 0);

	load_internal(c);
	c->estimate = -1;
	if (u->combat_value < 0 && !ss_value_estimate(u, b, &c->estimate))
		c->estimate = -1;
	return c;
}

/* ---- rules (SPEC 3.1), one function each ---- */

#define CARD(obj) ((const struct ss_card *)(obj))

/* "The maneuver description is three characters ... y ... n ... ?" */
static void
r_maneuver(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	const char *m = node_str(c->maneuver_n, NULL);
	char buf[16];

	(void)b;
	if (m && (strlen(m) != SS_MANEUVER_LEN ||
	    strspn(m, SS_MANEUVER_CHARS) != SS_MANEUVER_LEN))
		diag(L_ERROR, self->id, c->maneuver_n,
		    "maneuver '%s' must be %s of y, n, ?", m,
		    num_word(SS_MANEUVER_LEN, buf));
}

/* "All units traverse open ground at 1." */
static void
r_terrain_open(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	const struct node *n = c->terrain_n[SS_OPEN];

	(void)b;
	if (n && !n->bad && c->u.terrain[SS_OPEN] != SS_OPEN_COST)
		diag(L_ERROR, self->id, n,
		    "open terrain costs %d; it must cost exactly %d "
		    "(every unit crosses open ground at %d point an inch)",
		    c->u.terrain[SS_OPEN], SS_OPEN_COST, SS_OPEN_COST);
}

static void
r_terrain_cost(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	int i;

	(void)b;
	for (i = SS_ROUGH; i < SS_NTERRAIN; i++) {
		const struct node *n = c->terrain_n[i];
		int v = c->u.terrain[i];

		if (n && !n->bad && (v < SS_TERRAIN_MIN || v > SS_TERRAIN_MAX))
			diag(L_ERROR, self->id, n,
			    "terrain cost '%s' is %d; it must be %d to %d",
			    ss_terrain_key[i], v, SS_TERRAIN_MIN,
			    SS_TERRAIN_MAX);
	}
}

/* "targeting computer is equal to a 1d10"; the era sets which dice. */
static void
r_gunnery(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	char dice[32];

	(void)b;
	if (c->gunnery == NULL)
		return;
	if (!c->gunnery_ok) {
		diag(L_ERROR, self->id, c->gunnery_n,
		    "gunnery '%s' must be a targeting die and a skill, "
		    "such as d10+4", c->gunnery);
		return;
	}
	if (c->u.era >= 0 && !ss_era_allows_die(c->u.era, c->u.die))
		diag(L_ERROR, self->id, c->gunnery_n,
		    "gunnery '%s': a %s unit's targeting die is %s, not d%d",
		    c->gunnery, ss_era_name[c->u.era],
		    ss_era_dice(c->u.era, dice), c->u.die);
}

/* "The number of gunners tells you how many targets you can aim at" */
static void
r_gunners(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);

	(void)b;
	if (c->gunners_n && !c->gunners_n->bad &&
	    c->u.gunners < SS_GUNNERS_MIN)
		diag(L_ERROR, self->id, c->gunners_n,
		    "gunners is %d; a unit needs at least %d gunner%s",
		    c->u.gunners, SS_GUNNERS_MIN,
		    SS_GUNNERS_MIN == 1 ? "" : "s");
}

/* The card has one weapon slot on each of the rows E M B I S. */
static void
r_weapon_row(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	const struct node *first[SS_NROWS] = { NULL };
	int i;

	(void)b;
	for (i = 0; i < c->nraw; i++) {
		const struct node *n = c->raw[i].row;
		const char *s = node_str(n, NULL);
		const char *p;
		int row;

		if (s == NULL)
			continue;
		if (strcmp(s, "P") == 0) {
			diag(L_ERROR, self->id, n,
			    "weapon row 'P' is the physical row, which holds "
			    "the ram multiplier; put the weapon on E, M, B, I "
			    "or S");
			continue;
		}
		if (strlen(s) != 1 || (p = strchr("EMBIS", *s)) == NULL) {
			diag(L_ERROR, self->id, n,
			    "weapon row '%s' must be one of E, M, B, I, S", s);
			continue;
		}
		row = (int)(strchr(ss_row_letter, *p) - ss_row_letter);
		if (first[row])
			diag(L_ERROR, self->id, n,
			    "a second weapon on row %s (the first is at line "
			    "%d); the card has one weapon slot per row",
			    s, first[row]->line);
		else
			first[row] = n;
	}
}

static void
r_weapon_class(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	int i;

	(void)b;
	for (i = 0; i < c->nraw; i++) {
		const char *s = node_str(c->raw[i].cls, NULL);

		if (s && c->raw[i].cls_i < 0)
			diag(L_ERROR, self->id, c->raw[i].cls,
			    "weapon class '%s' must be p (primary) or "
			    "s (secondary)", s);
	}
}

static void
r_weapon_arc(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	struct sbuf sb = SBUF_INIT;
	int i;

	(void)b;
	for (i = 0; i < c->nraw; i++) {
		const char *s = node_str(c->raw[i].arc, NULL);

		if (s == NULL || c->raw[i].arc_i >= 0)
			continue;
		diag(L_ERROR, self->id, c->raw[i].arc, "weapon arc '%s' is not "
		    "an arc%s", s, sb_hint(&sb, s, ss_arc_name, 1));
	}
	sb_release(&sb);
}

static void
r_weapon_damage(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	int i;

	(void)b;
	for (i = 0; i < c->nraw; i++) {
		const struct node *n = c->raw[i].damage;

		if (n && !n->bad && node_long(n, 1) < SS_DAMAGE_MIN)
			diag(L_ERROR, self->id, n,
			    "weapon damage is %ld; it must be at least %d",
			    node_long(n, 1), SS_DAMAGE_MIN);
	}
}

static void
r_armor(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	int i;

	(void)b;
	for (i = 0; i < SS_NFACINGS; i++) {
		const struct node *n = c->armor_n[i];

		if (n && !n->bad && c->u.armor[i] < SS_ARMOR_MIN)
			diag(L_ERROR, self->id, n,
			    "armor '%s' is %d; armor must be %d or more",
			    ss_facing_name[i], c->u.armor[i], SS_ARMOR_MIN);
	}
}

/* The bands say how many internal boxes a given internal damage marks. */
static void
r_internal(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	const struct ss_unit *u = &c->u;
	int i;

	(void)b;
	for (i = 0; i < u->nbands; i++) {
		const struct node *n = c->band_n[i];
		int lo = u->band[i][0], hi = u->band[i][1];

		if (n == NULL || n->bad || n->type != N_SEQ || n->n != 2 ||
		    n->kid[0]->bad || n->kid[1]->bad)
			return;
		if (i == 0 && lo < SS_BAND_MIN) {
			diag(L_ERROR, self->id, n,
			    "internal band 1 starts at %d; the first band "
			    "must start at %d or more", lo, SS_BAND_MIN);
			return;
		}
		if (hi < lo) {
			diag(L_ERROR, self->id, n,
			    "internal band %d is %d-%d; a band must not end "
			    "before it starts", i + 1, lo, hi);
			return;
		}
		if (i > 0 && lo != u->band[i - 1][1] + 1) {
			diag(L_ERROR, self->id, n,
			    "internal band %d starts at %d; it must start at "
			    "%d, right after band %d (%d-%d)", i + 1, lo,
			    u->band[i - 1][1] + 1, i, u->band[i - 1][0],
			    u->band[i - 1][1]);
			return;
		}
	}
}

/* "22+" dead on the Mason: one past the last band. */
static void
r_dead(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_card *c = CARD(obj);
	const struct ss_unit *u = &c->u;
	int want;

	(void)b;
	if (c->dead_n == NULL || c->dead_n->bad || !c->bands_ok)
		return;
	want = u->band[u->nbands - 1][1] + 1;
	if (u->dead != want)
		diag(L_ERROR, self->id, c->dead_n,
		    "dead is %d; it must be %d, one past the last internal "
		    "band (%d-%d)", u->dead, want,
		    u->band[u->nbands - 1][0], u->band[u->nbands - 1][1]);
}

/* "The defense Value (dV) is what the enemy has to roll (or beat)" */
static void
r_defense(const void *obj, struct batch *b, const struct rule *self)
{
	static const char *const col[2] = { "front/back", "sides" };
	const struct ss_card *c = CARD(obj);
	int r, i;

	(void)b;
	for (r = 0; r < SS_NROWS; r++)
		for (i = 0; i < (r == SS_P ? 1 : 2); i++) {
			const struct node *n = c->dv_n[r][i];

			if (n == NULL || n->bad || c->u.dv[r][i] >= SS_DV_MIN)
				continue;
			if (r == SS_P)
				diag(L_ERROR, self->id, n,
				    "defense 'P' is %d; a defense value must "
				    "be at least %d", c->u.dv[r][i], SS_DV_MIN);
			else
				diag(L_ERROR, self->id, n,
				    "defense '%c' %s is %d; a defense value "
				    "must be at least %d", ss_row_letter[r],
				    col[i], c->u.dv[r][i], SS_DV_MIN);
		}
}

static void
r_card(const void *obj, struct batch *b, const struct rule *self)
{
	(void)b;
	ss_index_check(&CARD(obj)->index, self->id);
}

static void
r_card_unique(const void *obj, struct batch *b, const struct rule *self)
{
	ss_index_claim(&CARD(obj)->index, CARD(obj)->u.name, b, self->id);
}

/* SPEC 5.1: a declared combat_value far from muster's estimate. */
static void
r_value(const void *obj, struct batch *b, const struct rule *self)
{
	/* A card wrong elsewhere has no value to weigh. */
	if (batch_doc_errors(b) > 0)
		return;
	ss_value_check_card(&CARD(obj)->u, CARD(obj)->root, b, self->id);
}

static const struct rule rules[] = {
	{ "shellshock.maneuver", "maneuver is " STR(SS_MANEUVER_LEN) " of y, n, ?", r_maneuver },
	{ "shellshock.terrain-open", "open terrain costs exactly " STR(SS_OPEN_COST), r_terrain_open },
	{ "shellshock.terrain-cost", "every terrain cost is " STR(SS_TERRAIN_MIN) " to " STR(SS_TERRAIN_MAX), r_terrain_cost },
	{ "shellshock.gunnery", "gunnery is a die and skill (d10+4); the era decides the die: future d10, modern d8 or d10, ww2 d6", r_gunnery },
	{ "shellshock.gunners", "at least " STR(SS_GUNNERS_MIN) " gunner", r_gunners },
	{ "shellshock.weapon-row", "weapons on rows E M B I S, at most one per row, none on P", r_weapon_row },
	{ "shellshock.weapon-class", "weapon class is p or s", r_weapon_class },
	{ "shellshock.weapon-arc", "weapon arc is front, rear, left, right, pivot1, pivot2 or pivot3", r_weapon_arc },
	{ "shellshock.weapon-damage", "weapon damage is at least " STR(SS_DAMAGE_MIN), r_weapon_damage },
	{ "shellshock.armor", "armor is " STR(SS_ARMOR_MIN) " or more", r_armor },
	{ "shellshock.internal", "the " STR(SS_BANDS) " internal bands start at " STR(SS_BAND_MIN) " or more, ascend and are contiguous", r_internal },
	{ "shellshock.dead", "dead is one past the last internal band", r_dead },
	{ "shellshock.defense", "every defense value is at least " STR(SS_DV_MIN), r_defense },
	{ "shellshock.card", "the card index is a rank and a suit", r_card },
	{ "shellshock.card-unique", "card indices differ among cards printed together (warning)", r_card_unique },
	{ "shellshock.value", "a declared combat_value (or a force side's declared ECV) is within " STR(SS_VALUE_WARN_PERCENT) " % of muster's estimate (warning)", r_value },
	{ NULL, NULL, NULL }
};

/* ---- the record the template prints ---- */

static const char *const card_fields[] = {
	"name", "side", "era", "card", "card.rank", "card.suit", "card.colour",
	"combat_value", "combat_value.estimate", "speed", "road", "maneuver",
	"tonnage",
	"terrain.{open,rough,trees,incline1,incline2,shallow_water}",
	"dv.{E,M,B,I,S,P}.{fb,sd}", "w.{E,M,B,I,S}", "w.{E,M,B,I,S}.{arc,spread}",
	"gunnery", "gunners", "ram", "armor.{front,right,left,rear}",
	"internal.boxes", "internal.range", "dead", "chart.roll", "chart",
	NULL
};

const struct rectype ss_card_type = {
	"shellshock.card", "a basic record card", card_fields
};

/*
 * A card's keys and numbers are put together here by hand, not by
 * printf: some 60 calls a card were about 5 % of render's CPU at 10,000
 * cards.  key_of() is "<a><letter><b>" (no letter when 0) in key, 32
 * bytes, cut as snprintf would; add_int() a number as "%d" writes it.
 */
static const char *
key_of(char key[32], const char *a, char letter, const char *b)
{
	size_t n = strlen(a), m = strlen(b);

	if (n > 31)
		n = 31;
	memcpy(key, a, n);
	if (letter && n < 31)
		key[n++] = letter;
	if (m > 31 - n)
		m = 31 - n;
	memcpy(key + n, b, m);
	key[n + m] = '\0';
	return key;
}

static void
add_int(struct sbuf *sb, int v)
{
	char buf[16], *e = buf + sizeof(buf);
	unsigned u = v < 0 ? 0U - (unsigned)v : (unsigned)v;

	do {
		*--e = (char)('0' + u % 10);
		u /= 10;
	} while (u > 0);
	if (v < 0)
		*--e = '-';
	sb_add(sb, e, (size_t)(buf + sizeof(buf) - e));
}

/* The card's movement box: speeds, maneuver, tonnage, terrain. */
static void
card_movement(const struct ss_unit *u, struct record *r)
{
	char key[32];
	int i;

	rec_setf(r, "speed", "%d", u->max_speed);
	rec_setf(r, "road", "%d", u->road_speed);
	rec_set(r, "maneuver", u->maneuver);
	rec_setf(r, "tonnage", "%d", u->tonnage);
	for (i = 0; i < SS_NTERRAIN; i++) {
		rec_setf(r, key_of(key, "terrain.", 0, ss_terrain_key[i]),
		    "%d", u->terrain[i]);
	}
}

/* The dV table and the weapons by row, each with its arc and spread. */
static void
card_weapons(const struct ss_unit *u, struct record *r)
{
	char key[32];
	int i, row;

	for (row = 0; row < SS_NROWS; row++) {
		rec_setf(r, key_of(key, "dv.", ss_row_letter[row], ".fb"), "%d",
		    u->dv[row][0]);
		rec_set(r, key_of(key, "dv.", ss_row_letter[row], ".sd"), "");
		if (row != SS_P)
			rec_setf(r, key, "%d", u->dv[row][1]);
		if (row == SS_P)
			continue;
		rec_set(r, key_of(key, "w.", ss_row_letter[row], ""), "");
		rec_set(r, key_of(key, "w.", ss_row_letter[row], ".arc"), "");
		rec_set(r, key_of(key, "w.", ss_row_letter[row], ".spread"), "");
	}
	for (i = 0; i < u->nweapons; i++) {
		const struct ss_weapon *w = &u->weapon[i];
		int center, width;

		rec_setf(r, key_of(key, "w.", ss_row_letter[w->row], ""), "%d%c",
		    w->damage, w->cls);
		ss_arc_sector(w->arc, &center, &width);
		rec_setf(r, key_of(key, "w.", ss_row_letter[w->row], ".arc"),
		    "%d,%d", center, width);
		rec_set(r, key_of(key, "w.", ss_row_letter[w->row], ".spread"),
		    w->spread ? "≋" : "");
	}
}

/* The internal damage bands, the dead threshold and the chart. */
static void
card_internal(const struct ss_unit *u, struct record *r)
{
	struct sbuf sb = SBUF_INIT;
	int i;

	/* Internal bands as lists: how many boxes, for what damage. */
	for (i = 0; i < u->nbands; i++) {
		if (i)
			sb_addc(&sb, '\n');
		add_int(&sb, i + 1);
		sb_adds(&sb, i ? " boxes" : " box");
	}
	rec_set(r, "internal.boxes", sb_str(&sb));
	sb_reset(&sb);
	for (i = 0; i < u->nbands; i++) {
		if (i)
			sb_addc(&sb, '\n');
		add_int(&sb, u->band[i][0]);
		sb_adds(&sb, "–");
		add_int(&sb, u->band[i][1]);
	}
	rec_set(r, "internal.range", sb_str(&sb));
	rec_setf(r, "dead", "%d+", u->dead);
	sb_reset(&sb);
	for (i = 1; i <= SS_CHART_DIE; i++) {
		if (i > 1)
			sb_addc(&sb, '\n');
		add_int(&sb, i);
	}
	rec_set(r, "chart.roll", sb_str(&sb));
	sb_reset(&sb);
	for (i = 1; i <= SS_CHART_DIE; i++) {
		if (i > 1)
			sb_addc(&sb, '\n');
		sb_addc(&sb, ss_chart[i].letter);
	}
	rec_set(r, "chart", sb_str(&sb));
	sb_release(&sb);
}

static void
emit_card_face(const void *obj, struct emitter *e)
{
	const struct ss_card *c = CARD(obj);
	const struct ss_unit *u = &c->u;
	struct record *r = e->rec;
	char key[32];
	int i;

	record_clear(r);
	rec_label(r, u->name, c->root);
	rec_set(r, "name", u->name);
	rec_set(r, "side", c->side ? c->side : "");
	rec_set(r, "era", u->era >= 0 ? ss_era_name[u->era] : "");
	ss_index_emit(&c->index, r);
	if (u->combat_value >= 0)
		rec_setf(r, "combat_value", "%d", u->combat_value);
	else
		rec_set(r, "combat_value", "");
	/* No combat_value: muster's estimate, as the force counts it, so
	 * that the card's corner is not an empty badge. */
	if (u->combat_value < 0 && c->estimate >= 0)
		rec_setf(r, "combat_value.estimate", "%.0f", c->estimate);
	else
		rec_set(r, "combat_value.estimate", "");

	card_movement(u, r);
	card_weapons(u, r);
	rec_set(r, "gunnery", c->gunnery ? c->gunnery : "");
	rec_setf(r, "gunners", "%d %s", u->gunners,
	    u->gunners == 1 ? "gunner" : "gunners");
	if (c->ram)
		rec_setf(r, "ram", "×%s", c->ram);
	else
		rec_set(r, "ram", "");
	for (i = 0; i < SS_NFACINGS; i++) {
		rec_setf(r, key_of(key, "armor.", 0, ss_facing_name[i]), "%d",
		    u->armor[i]);
	}

	card_internal(u, r);
	emit_card(e, 1);
}

static void
emit_counter(const void *obj, struct emitter *e)
{
	const struct ss_card *c = CARD(obj);

	ss_counter_emit(e, c->u.name, c->side, &c->index, c->root);
}

static const struct product products[] = {
	{ "card", &ss_card_type, "shellshock-card", emit_card_face },
	{ "counter", &ss_counter_type, "shellshock-counter", emit_counter },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new shellshock card`: what a new document of this kind starts from. */
static const char starter[] =
    "# A Shellshock record card (basic rules): one unit on a business card.\n"
    "# 'muster check' holds it to the rules; 'muster render' prints it with a\n"
    "# cut-out counter; 'muster value' says what it is worth.\n"
    "system: shellshock\n"
    "kind: card\n"
    "name: My unit                # up to 100 characters\n"
    "era: future                  # future (d10), modern (d8 or d10) or ww2 (d6)\n"
    "side: Blue                   # optional: printed in the corner, colours the counter\n"
    "combat_value: 34             # optional: printed on the card; check weighs it\n"
    "# card: \"A♣\"                 # optional playing-card index: A, 2-10, J, Q, K and a suit\n"
    "movement:\n"
    "  max_speed: 8\n"
    "  road_speed: 12\n"
    "  maneuver: \"?yn\"            # turns at the start, middle, end: y, n or ?\n"
    "  tonnage: 60\n"
    "  # movement points a hex: open costs exactly 1; every cost 1 to 20\n"
    "  terrain: {open: 1, rough: 2, trees: 3, incline1: 2, incline2: 3, shallow_water: 3}\n"
    "defense:                     # dV of each row: [front and back, sides]\n"
    "  E: [8, 6]\n"
    "  M: [10, 8]\n"
    "  B: [10, 8]\n"
    "  I: [12, 10]\n"
    "  S: [25, 22]\n"
    "  P: 10                      # physical attacks: one value\n"
    "gunnery: \"d10+3\"             # the targeting die for the era, and the skill\n"
    "gunners: 1                   # 1 or more\n"
    "weapons:                     # one a row at most (E M B I S), none on P\n"
    "  # class p (primary) or s (secondary); arc front, rear, left, right or\n"
    "  # pivot1-3 (a turret turning 1, 2 or 3 sides from the front)\n"
    "  - {row: M, damage: 12, class: s, arc: front}\n"
    "  - {row: I, damage: 20, class: p, arc: pivot1, spread: true}\n"
    "ram: 1.1                     # optional: the physical multiplier\n"
    "armor: {front: 24, right: 16, left: 16, rear: 10}\n"
    "# internal damage that marks 1, 2 and 3 boxes: bands that meet, ascending\n"
    "internal: [[4, 8], [9, 13], [14, 18]]\n"
    "dead: 19                     # one past the last band destroys the unit\n";

const struct kind shellshock_card_kind = {
	"card", "business-card record card of the basic rules",
	k_card, rules, load, products, starter
};
