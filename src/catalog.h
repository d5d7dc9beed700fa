/*
 * catalog.h -- the games' products and record types as the vocabulary a
 * template is checked against (struct vocab, layout/template.h).  Where
 * the game layer meets the template layer, for the commands that use
 * both; neither layer knows the other.
 */
#ifndef MUSTER_CATALOG_H
#define MUSTER_CATALOG_H

#include "layout/template.h"

extern const struct vocab catalog_vocab;

#endif
