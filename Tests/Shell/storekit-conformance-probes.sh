#!/usr/bin/env bash
# StoreKit's declarations as Apple spells them (issue 34): the compile-only probes in
# Tests/StoreKitConformanceProbes build in the Swift 6 language mode and again in the Swift 5
# mode, and docs/your-code.md's StoreKit symbol table matches them: every row marked "same" has a
# probe, every probe has a row, and every row marked "none" (a declaration Kiosk does not offer)
# has no probe and says why.
set -euo pipefail
cd "$(dirname "$0")/../.."
probes=Tests/StoreKitConformanceProbes
table=docs/your-code.md

echo "probes: swift 6 language mode"
swift build --target StoreKitConformanceProbes
echo "probes: swift 5 language mode"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
KIOSK_PROBES_SWIFT5=1 swift build --target StoreKitConformanceProbes | tee "$log"
# The Swift 5 pass must have compiled the probes again (a manifest read without the variable
# would build nothing and prove nothing).
if ! grep -q "Compiling StoreKitConformanceProbes" "$log"; then
    echo "probes: the Swift 5 pass compiled nothing: KIOSK_PROBES_SWIFT5 did not reach Package.swift" >&2
    exit 1
fi

# Every probe quotes Apple's declaration and page above its function.
symbols=$(grep -h '^// Symbol: ' "$probes"/*.swift | sed 's|^// Symbol: ||' | sort)
declared=$(grep -c '^// Symbol: ' "$probes"/*.swift | awk -F: '{ n += $2 } END { print n }')
quoted=$(grep -c '^// Apple: ' "$probes"/*.swift | awk -F: '{ n += $2 } END { print n }')
pages=$(grep -c '^// https://developer.apple.com/documentation/' "$probes"/*.swift | awk -F: '{ n += $2 } END { print n }')
functions=$(grep -cE '^func probe' "$probes"/*.swift | awk -F: '{ n += $2 } END { print n }')
if [[ "$declared" != "$quoted" || "$declared" != "$pages" || "$declared" != "$functions" ]]; then
    echo "probes: $declared symbols, $quoted Apple declarations, $pages pages, $functions functions: each probe needs all three lines above one function" >&2
    exit 1
fi
if [[ -n "$(echo "$symbols" | uniq -d)" ]]; then
    echo "probes: symbols probed twice: $(echo "$symbols" | uniq -d | tr '\n' ' ')" >&2
    exit 1
fi

# The StoreKit table: from "### StoreKit" under "## Symbol table" to the next heading.
rows=$(awk '/^### StoreKit$/ { on = 1; next } on && /^#/ { on = 0 } on && /^\| `/' "$table")
if [[ -z "$rows" ]]; then
    echo "probes: no '### StoreKit' table in $table" >&2
    exit 1
fi
same=$(echo "$rows" | awk -F'|' '$3 ~ /^ *same/ { s = $2; sub(/^ *`/, "", s); sub(/`.*$/, "", s); print s }' | sort)
none=$(echo "$rows" | awk -F'|' '$3 ~ /^ *none/ { s = $2; sub(/^ *`/, "", s); sub(/`.*$/, "", s); print s }' | sort)
unexplained=$(echo "$rows" | awk -F'|' '$3 ~ /^ *none/ && $4 ~ /^ *$/ { print $2 }')
failed=0
missing=$(comm -23 <(echo "$same") <(echo "$symbols"))
if [[ -n "$missing" ]]; then
    echo "probes: listed as same in $table without a probe:" >&2; echo "$missing" >&2; failed=1
fi
unlisted=$(comm -13 <(echo "$same") <(echo "$symbols"))
if [[ -n "$unlisted" ]]; then
    echo "probes: probed but not listed as same in $table:" >&2; echo "$unlisted" >&2; failed=1
fi
contradicted=$(comm -12 <(echo "$none") <(echo "$symbols"))
if [[ -n "$contradicted" ]]; then
    echo "probes: listed as none in $table but probed:" >&2; echo "$contradicted" >&2; failed=1
fi
if [[ -n "$unexplained" ]]; then
    echo "probes: rows marked none without a reason:" >&2; echo "$unexplained" >&2; failed=1
fi
[[ "$failed" == 0 ]] || exit 1
echo "probes: $declared declarations probed, all compile in both language modes;" \
    "$(echo "$none" | grep -c .) listed in $table as not offered, each with its reason"
