# umpire.fish: fish completion for umpire(1).
#
# Install: `make install` puts this file in
# $(datadir)/fish/vendor_completions.d/umpire.fish, where fish loads it
# the first time umpire is completed; ~/.config/fish/completions/umpire.fish
# does for one user.
#
# The script knows no command, option, game or table: it hands the words
# after "umpire" to `umpire __complete`, which prints the candidates one
# per line.  When it prints nothing (a file or directory is wanted) the
# paths that begin with the word are offered instead.

function __umpire_complete
    # the words before the cursor, less "umpire"; then the word at it
    set -l words (commandline -opc)
    set -e words[1]
    set -l cur (commandline -ct | string unescape)
    set -l args
    set -l opt ''
    # "--opt=value" goes as two words, the way __complete sees options
    for w in $words
        if string match -qr -- '^--[^=]+=' $w
            set -a args (string split -m1 -- = $w)
        else
            set -a args $w
        end
    end
    if string match -qr -- '^--[^=]+=' "$cur"
        set -l parts (string split -m1 -- = "$cur")
        set opt "$parts[1]="
        set cur "$parts[2]"
        set -a args $parts[1]
    end
    # commands and options come with their one line, which fish shows
    # after a tab
    set -l cands (command umpire __complete --describe $args "$cur" 2>/dev/null)
    if set -q cands[1]
        printf '%s\n' $opt$cands
    else
        for p in (__fish_complete_path "$cur")
            printf '%s\n' $opt$p
        end
    end
end

complete -c umpire -f -k -a '(__umpire_complete)'
