# bash completion for muster(1).  The words come from `muster complete`,
# which reads muster's own command and option tables; this script only
# asks for them and completes file names where muster says a file goes.
# Installed by `make install`; or: source completion/muster.bash

_muster()
{
	local cur=${COMP_WORDS[COMP_CWORD]} line files= want= f
	COMPREPLY=()
	while IFS= read -r line; do
		case $line in
		@files) files=yaml ;;
		@pdf) files=pdf ;;
		@dir) files=dir ;;
		*) COMPREPLY+=("$line") ;;
		esac
	done < <("${COMP_WORDS[0]}" complete "$COMP_CWORD" "${COMP_WORDS[@]}" 2>/dev/null)
	[ -n "$files" ] || return 0
	[ "$cur" = = ] && cur=
	compopt -o filenames 2>/dev/null
	while IFS= read -r f; do
		if [ -d "$f" ]; then
			COMPREPLY+=("$f/")
			compopt -o nospace 2>/dev/null
		else
			case $files:$f in
			yaml:*.yaml | yaml:*.yml | pdf:*.pdf) COMPREPLY+=("$f") ;;
			esac
		fi
	done < <(compgen -f -- "$cur")
}
complete -F _muster muster
