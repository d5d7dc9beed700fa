/*
 * vendor.c -- see vendor.h.  Every figure below is the service's own,
 * from the page cited above its row; change one only when the service
 * changes its specification.
 */
#include "vendor.h"

#include <strings.h>

#define IN 72.0
#define MM (72.0 / 25.4)

const struct vendor vendors[] = {
	/*
	 * MakePlayingCards, "Poker size (63 x 88 mm)", the card size guide
	 * and templates at makeplayingcards.com (design guide: "bleed
	 * area 3 mm on each side", "keep text 3 mm inside the cut").
	 * One image a face; RGB accepted; PNG or JPEG pictures and PDF
	 * pages alike.  Its safe zone is SPEC section 4's 1/8 in (3.2 mm,
	 * no less than the 3 mm asked).
	 */
	{
		.name = "mpc", .title = "MakePlayingCards",
		.trim_w = 63 * MM, .trim_h = 88 * MM,
		.bleed = 3 * MM, .safe = IN / 8,
		.layout = VENDOR_SINGLE, .order = VENDOR_FRONT_FIRST,
		.colour = VENDOR_RGB, .ink_limit = 0,
		.format = VENDOR_PDF, .px_w = 0, .px_h = 0, .dpi = 300,
		.min_ppi = 300, .transparency = 1,
	},
	/*
	 * The Game Crafter, "Poker Deck": 2.5 x 3.5 in trim, 1/8 in bleed
	 * on each side, 1/8 in safe zone, uploaded as one PNG a face of
	 * exactly 825 x 1125 px (2.75 x 3.75 in at 300 dpi); its
	 * proofing rejects any other pixel size (thegamecrafter.com,
	 * Poker Deck product page and "Image Templates").
	 */
	{
		.name = "tgc", .title = "The Game Crafter",
		.trim_w = 2.5 * IN, .trim_h = 3.5 * IN,
		.bleed = IN / 8, .safe = IN / 8,
		.layout = VENDOR_SINGLE, .order = VENDOR_FRONT_FIRST,
		.colour = VENDOR_RGB, .ink_limit = 0,
		.format = VENDOR_PNG, .px_w = 825, .px_h = 1125, .dpi = 300,
		.min_ppi = 300, .transparency = 1,
	},
	/*
	 * DriveThruCards, "Card Creation Guide" (drivethrucards.com,
	 * poker cards): 2.5 x 3.5 in trim, 1/8 in bleed, 1/8 in safe
	 * zone; one PDF a deck, PDF/X-1a:2003, CMYK, total ink no more
	 * than 240 %, no transparency and no PNG pictures; the back of
	 * card 1 on page 1 and its front on page 2, and so on; 300 dpi
	 * pictures.
	 */
	{
		.name = "dtc", .title = "DriveThruCards",
		.trim_w = 2.5 * IN, .trim_h = 3.5 * IN,
		.bleed = IN / 8, .safe = IN / 8,
		.layout = VENDOR_SINGLE, .order = VENDOR_BACK_FIRST,
		.colour = VENDOR_PDFX, .ink_limit = 240,
		.format = VENDOR_PDF, .px_w = 0, .px_h = 0, .dpi = 300,
		.min_ppi = 300, .transparency = 0,
	},
	/*
	 * Print-and-play at home: the deck at its own size on a sheet of
	 * A4 or Letter with crop marks (SPEC section 4, sheet layout); no
	 * bleed, a home printer prints RGB; pictures from 150 dpi (the
	 * render.image warning's floor).
	 */
	{
		.name = "pnp", .title = "print-and-play",
		.trim_w = 0, .trim_h = 0,
		.bleed = 0, .safe = IN / 8,
		.layout = VENDOR_SHEET, .order = VENDOR_FRONT_FIRST,
		.colour = VENDOR_RGB, .ink_limit = 0,
		.format = VENDOR_PDF, .px_w = 0, .px_h = 0, .dpi = 300,
		.min_ppi = 150, .transparency = 1,
	},
};

const size_t vendor_count = sizeof(vendors) / sizeof(vendors[0]);

const char *const vendor_names[] = { "mpc", "tgc", "dtc", "pnp", NULL };

const struct vendor *
vendor_find(const char *name)
{
	size_t i;

	for (i = 0; i < vendor_count; i++)
		if (strcasecmp(vendors[i].name, name) == 0)
			return &vendors[i];
	return NULL;
}
