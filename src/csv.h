/*
 * csv.h -- comma- or tab-separated values as RFC 4180 writes them, each
 * field with the line and column it starts at: the data files a deck of
 * cards names.
 *
 * A record ends at a line break (CRLF, LF or CR) outside quotes.  A
 * field in double quotes may hold separators, line breaks and quotes
 * (doubled); after its closing quote only a separator or the end of the
 * record may come.  A quote inside a field that does not start with one
 * is a character like any other.  A byte-order mark at the start is
 * skipped, and so is a record of nothing but empty fields (the rows a
 * spreadsheet leaves at the end); the last record needs no line break.
 * Text is UTF-8.  Lines count every line break, inside quotes too;
 * columns count characters, from 1.
 *
 * Problems are reported as diagnostics under the caller's rule, at their
 * place in the file, and parsing goes on past a record of the wrong
 * length; a quote never closed, bytes that are not UTF-8 or a NUL byte
 * end it.
 */
#ifndef MUSTER_CSV_H
#define MUSTER_CSV_H

#include <stddef.h>

struct arena;

/* Limits: a data file is a deck, not a database. */
#define CSV_MAX_COLUMNS	100
#define CSV_MAX_ROWS	10000
#define CSV_MAX_NAME	2000	/* characters of a column's name */

struct csv_cell {
	const char *text;	/* NUL-terminated, quotes undone */
	int line, col;		/* where the field starts */
};

struct csv_row {
	struct csv_cell *cell;
	int n;			/* fields: ncols, or fewer */
	int line;		/* where the record starts */
};

struct csv {
	struct csv_cell *head;	/* the header: the columns' names */
	int ncols;
	struct csv_row *row;	/* the records after it */
	int nrows;
};

/*
 * Parses len bytes of buf (and a NUL after them), separated by sep (','
 * or '\t'), read from file (named in diagnostics).  The header is the
 * first record.  A later record longer than it is reported (at its first
 * line) and left out; a shorter one is kept as it is, for the caller to
 * judge the fields it lacks (some programs leave out empty fields at the
 * end of a row).  More than CSV_MAX_ROWS records after the header, kept
 * or told, end it (empty ones do not count).  Returns the table, in a, or NULL when the text has no
 * header or an error ended it; *errors gets the number of errors told.
 */
struct csv *csv_parse(const char *buf, size_t len, char sep,
    const char *file, const char *rule, struct arena *a, int *errors);

#endif
