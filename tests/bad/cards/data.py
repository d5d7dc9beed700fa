#!/usr/bin/python3
"""data.py -- writes the data files of the bad-input corpus beside
itself (python3 tests/bad/cards/data.py).  They are committed; this says
what each holds byte by byte, where a text editor would hide it (a
byte-order mark, CRLF, Latin-1, a NUL)."""
import os

here = os.path.dirname(os.path.abspath(__file__))


def w(name, data):
    with open(os.path.join(here, name), "wb") as f:
        f.write(data)


# RFC 4180's corner cases that parse: a byte-order mark, CRLF, quoted
# separators, line breaks and doubled quotes, empty fields, a quote inside
# an unquoted field, a blank line, no line break at the end.
w("corners.csv", b'\xef\xbb\xbfname,cost,text\r\n'
  b'"Bolt, Lesser",1,"Say ""zap"",\r\nthen strike."\r\n'
  b'\r\n'
  b'Empty,,\r\n'
  b'6" Gun,2,Shoots.')
# The same in tabs.
w("corners.tsv", b'name\tcost\ttext\n"Tab\tand, comma"\t1\tOne.\n'
  b'Plain\t\t"Two\nlines"')
w("unterminated.csv", b'name,cost,text\nBolt,1,"Zap\nShield,2,Block\n')
w("latin1.csv", b'name,cost,text\nCaf\xe9,1,Coffee\n')
w("long-row.csv", b'name,cost,text\nBolt,1,Zap,extra\nShield,2,Block\n')
w("dup-header.csv", b'name,cost,name\nBolt,1,Zap\n')
w("bad-header.csv", b'name,,{text}\nBolt,1,Zap\n')
w("after-quote.csv", b'name,cost,text\n"Bolt"er,1,Zap\nShield,2,Block\n')
w("nul.csv", b'name,cost,text\nBolt,1,Z\x00ap\n')
w("empty.csv", b'')
w("control.csv", b'name,cost,text\nBolt,1,Zap\x07!\n')
# 2,000 characters of text, and 2,001.
w("long-text.csv", b'name,cost,text\nExact,1,' + b'x' * 2000 +
  b'\nOver,1,' + b'y' * 2001 + b'\n')
# A column the template prints is missing (cst for cost).
w("no-cost.csv", b'name,cst,text\nBolt,1,Zap\n')
# A row that ends before the cost, after a row whose text holds a line
# break: the short row is on line 5.
w("short-row.csv", b'name,text,cost\n"Bolt","Zap\nand zap",1\n'
  b'Shield,Block,2\nWall,Stand\n')
# Copies at and past their bounds, spaced and empty.
w("copies.csv", b'name,cost,text,copies\nNone,1,x,0\nMost,1,x,100\n'
  b'Spaced,1,x, 3 \nEmpty,1,x,\nOver,1,x,101\nMinus,1,x,-1\n'
  b'Word,1,x,two\n')
w("unused.csv", b'name,cost,text,flavour,copies\nBolt,1,Zap,Crackle,1\n')
w("notes.txt", b'name,cost,text\n')
# Images named relative to this file: 150 dpi, and 149 on line 5 (after
# a name that holds a line break).
w("dpi.csv", b'name,art\nSharp,img-logo.png\n"Two\nLines",img-logo.png\n'
  b'Soft,img-149.png\n')
