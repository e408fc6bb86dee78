#!/usr/bin/env bash
# Make every stored opener of the languages other than English: each language, each of its
# accent rules (`lenwordle languages` lists them), 4 to 11 letters, every word scored exactly.
# The default rule's files go in starters/<code>/, another rule's in starters/<code>-<rule>/.
# Usage, from the checkout's root with lenwordle installed: bash starters/make.sh [CODE ...]
set -euo pipefail
cd "$(dirname "$0")/.."
codes=("$@")
if [ ${#codes[@]} -eq 0 ]; then
    codes=(es pt de fr it nl pl sv ru uk ca tr)
fi
for code in "${codes[@]}"; do
    rules=$(python -c "from lenwordle.words.languages import language; print(*language('$code').rules())")
    default=${rules%% *}
    for rule in $rules; do
        folder=starters/$code
        [ "$rule" = "$default" ] || folder=starters/$code-$rule
        lenwordle precompute-starters --lang "$code" --accents "$rule" --lengths 4-11 \
            --shortlist 100 --out "$folder"
    done
done
