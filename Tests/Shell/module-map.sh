#!/usr/bin/env bash
# scripts/module-map on this package (no problems), then on plants that must each fail it: an
# extra dependency (unused, and a cycle), a dependency taken away (undeclared), a second
# importer of a C library, and a doc line that lacks a module. Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0
check() {
    if eval "$2"; then passed=$((passed + 1)); echo "ok     $1"; else failed=$((failed + 1)); echo "FAILED $1"; fi
}
swift package dump-package >"$scratch/dump.json" 2>"$scratch/dump.err" || { cat "$scratch/dump.err"; exit 1; }
map() { scripts/module-map --dump "$1" "${@:2}" >"$scratch/out" 2>&1; }
holds() { grep -qF -- "$1" "$scratch/out" || { cat "$scratch/out"; false; }; }

check "the package, its sources and docs/architecture.md agree" 'map "$scratch/dump.json"'

# plant PYTHON: edits the dump (as `dump`, the JSON) into $scratch/planted.json.
plant() {
    python3 - "$scratch/dump.json" "$scratch/planted.json" "$scratch" <<PY
import json, sys
dump = json.load(open(sys.argv[1]))
targets = {t["name"]: t for t in dump["targets"]}
scratch = sys.argv[3]
$1
json.dump(dump, open(sys.argv[2], "w"))
PY
}

plant 'targets["StoreCore"]["dependencies"].append({"byName": ["Paywall", None]})'
check "a planted extra dependency fails it: unused, a cycle, and the doc's line" \
    '! map "$scratch/planted.json" && holds "StoreCore declares Paywall, which no file in Sources/StoreCore imports" \
        && holds "the modules depend on each other in a cycle" && holds "StoreCore'"'"'s line lacks Paywall"'

plant 'targets["PaywallCatalog"]["dependencies"] = [d for d in targets["PaywallCatalog"]["dependencies"] if d.get("byName", [""])[0] != "StoreCore"]'
check "a dependency taken away fails it: the import is undeclared" \
    '! map "$scratch/planted.json" && holds "PaywallCatalog imports StoreCore without declaring it"'

mkdir -p "$scratch/Planted"
printf 'import CSQLite\n' >"$scratch/Planted/Second.swift"
plant 'dump["targets"].append({"name": "Planted", "type": "regular", "path": scratch + "/Planted", "dependencies": [{"byName": ["CSQLite", None]}]})'
check "a second importer of a C library fails it" \
    '! map "$scratch/planted.json" && holds "CSQLite (C) is imported by Planted, Simulator"'

sed 's/^Catalog         ──► SourceDiagnostics StoreCore/Catalog         ──► SourceDiagnostics/' docs/architecture.md >"$scratch/architecture.md"
check "a doc line that lacks a module fails it" \
    '! map "$scratch/dump.json" --doc "$scratch/architecture.md" && holds "Catalog'"'"'s line lacks StoreCore"'

echo "$passed passed, $failed failed"
((failed == 0))
