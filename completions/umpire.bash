# umpire.bash: bash completion for umpire(1).
#
# Install: `make install` puts this file in
# $(datadir)/bash-completion/completions/umpire, where bash-completion
# loads it on demand.  Without bash-completion, source it from ~/.bashrc:
#     . /path/to/umpire.bash
#
# The script knows no command, option, game or table: it hands the words
# after "umpire" to `umpire __complete`, which prints the candidates one
# per line.  When it prints nothing (a file or directory is wanted) bash's
# own file completion takes over (complete -o default).

# _umpire_words: the words from COMP_WORDS[1] to the cursor into the array
# _umpire_w, with the words that COMP_WORDBREAKS split at ':' or '=' glued
# together again ("--opt" "=" "value" -> "--opt=value"), so that umpire sees
# the words as the shell will pass them.  Sets _umpire_done to the part of
# the current word that readline will not replace (up to its last ':' or
# '='); the candidates are printed whole and trimmed by that much.
_umpire_words() {
	local line i j=-1 w rest sep
	_umpire_w=()
	_umpire_done=
	if [[ -z ${COMP_LINE+set} || -z ${COMP_POINT+set} ]]; then
		# called by hand, not by readline: take COMP_WORDS as they are
		_umpire_w=("${COMP_WORDS[@]:1:COMP_CWORD}")
		return
	fi
	line=${COMP_LINE:0:COMP_POINT}
	for ((i = 0; i <= COMP_CWORD && i < ${#COMP_WORDS[@]}; i++)); do
		w=${COMP_WORDS[i]}
		rest=${line#"${line%%[![:space:]]*}"}
		sep=$((${#line} - ${#rest}))
		line=$rest
		((i == COMP_CWORD)) && w=${w:0:${#line}}	# up to the cursor
		if [[ ${line:0:${#w}} != "$w" ]]; then
			# the words do not match the line: give up gluing
			_umpire_w=("${COMP_WORDS[@]:1:COMP_CWORD}")
			_umpire_done=
			return
		fi
		line=${line:${#w}}
		if ((i > 1 && sep == 0)) &&
		    [[ $w == [:=]* || ${_umpire_w[j]} == *[:=] ]]; then
			_umpire_w[j]+=$w
		elif ((i > 0)); then
			_umpire_w[++j]=$w
		fi
	done
	((i <= COMP_CWORD)) && _umpire_w[++j]=	# cursor past the last word
	# what readline keeps of the current word: up to its last break
	w=${_umpire_w[j]}
	if [[ $COMP_WORDBREAKS == *:* || $COMP_WORDBREAKS == *=* ]]; then
		local breaks=
		[[ $COMP_WORDBREAKS == *:* ]] && breaks+=:
		[[ $COMP_WORDBREAKS == *=* ]] && breaks+='='
		[[ $w == *["$breaks"]* ]] && _umpire_done=${w%"${w##*["$breaks"]}"}
	fi
}

# _umpire_dequote WORD: WORD as the command will get it, its quotes and
# backslashes taken off (an open quote too), into REPLY; nothing expanded.
_umpire_dequote() {
	local w=$1 c q='' i
	REPLY=
	for ((i = 0; i < ${#w}; i++)); do
		c=${w:i:1}
		if [[ -n $q && $c == "$q" ]]; then
			q=
		elif [[ -z $q && ($c == \' || $c == \") ]]; then
			q=$c
		elif [[ $c == \\ && -z $q ]] ||
		    [[ $c == \\ && $q == \" && ${w:i+1:1} == [\$\`\"\\] ]]; then
			((i++))
			REPLY+=${w:i:1}
		else
			REPLY+=$c
		fi
	done
}

_umpire() {
	local _umpire_w _umpire_done cur opt='' i REPLY
	_umpire_words
	((${#_umpire_w[@]})) || _umpire_w=('')
	for i in "${!_umpire_w[@]}"; do
		_umpire_dequote "${_umpire_w[i]}"
		_umpire_w[i]=$REPLY
	done
	# "--opt=value": umpire __complete wants the option and its value as
	# two words, the way it sees them everywhere else.
	local -a args=()
	for ((i = 0; i < ${#_umpire_w[@]} - 1; i++)); do
		if [[ ${_umpire_w[i]} == --?*=* ]]; then
			args+=("${_umpire_w[i]%%=*}" "${_umpire_w[i]#*=}")
		else
			args+=("${_umpire_w[i]}")
		fi
	done
	cur=${_umpire_w[i]}
	if [[ $cur == --?*=* ]]; then
		opt=${cur%%=*}=
		args+=("${cur%%=*}" "${cur#*=}")
	else
		args+=("$cur")
	fi
	mapfile -t COMPREPLY < <(command umpire __complete "${args[@]}" 2>/dev/null)
	# whole words again, then less what readline keeps of the word
	if [[ -n $opt$_umpire_done ]]; then
		for i in "${!COMPREPLY[@]}"; do
			COMPREPLY[i]=$opt${COMPREPLY[i]}
			COMPREPLY[i]=${COMPREPLY[i]#"$_umpire_done"}
		done
	fi
	return 0
}

complete -o default -F _umpire umpire
