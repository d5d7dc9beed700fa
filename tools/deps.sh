#!/bin/sh
# deps.sh PACKAGE... -- installs the Debian packages muster needs that are
# missing, through apt-get (with sudo when not root).  Does nothing when
# they are all there, and only warns on a system without dpkg.
set -e
command -v dpkg-query >/dev/null 2>&1 || {
	echo "deps: no dpkg here; install these by hand if the build fails: $*" >&2
	exit 0
}
# One dpkg-query for them all (one a package cost a make 1.2 s): the
# installed ones, then each asked for that is not among them.
have=$(dpkg-query -W -f='${Status} ${Package}\n' "$@" 2>/dev/null |
    sed -n 's/^install ok installed //p')
missing=
for p in "$@"; do
	case "
$have
" in *"
$p
"*) ;; *) missing="$missing $p" ;; esac
done
[ -z "$missing" ] && exit 0
if [ -n "${NO_DEPS:-}" ]; then
	echo "deps: missing:$missing" >&2
	echo "deps: NO_DEPS is set, so nothing is installed: install these, or unset NO_DEPS" >&2
	exit 1
fi
echo "deps: installing$missing"
if [ "$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >/dev/null || $sudo apt-get update
$sudo apt-get install -y -q --no-install-recommends $missing
