#!/usr/bin/env bash
# Whether Linux Foundation offers `Date.ComponentsFormatStyle`, the type of Apple's
# `Product.subscriptionPeriodFormatStyle` (issue 34, docs/your-code.md). Today's finding, which
# this probe keeps true: the name compiles (and `Field`), but a value cannot be made except by
# decoding, it has no `Style`, and it is not a `FormatStyle`, so Apple's member could only return
# a value no code can format with. When Foundation starts offering it, this fails: then give
# KioskStoreKit the member with Apple's type and drop the "none" row.
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# $1: name, $2: Swift source; prints "compiles" or "fails".
typecheck() {
    printf 'import Foundation\n%s\n' "$2" > "$work/$1.swift"
    if swiftc -typecheck "$work/$1.swift" 2> "$work/$1.log"; then echo compiles; else echo fails; fi
}

failed=0
# $1: name, $2: compiles|fails, $3: source, $4: for "fails", the error that must be the reason
# (so a mistake in the snippet cannot pass for Foundation's missing API).
expect() {
    local got
    got=$(typecheck "$1" "$3")
    if [[ "$got" != "$2" ]] || { [[ "$2" == fails ]] && ! grep -q -- "$4" "$work/$1.log"; }; then
        echo "components-format-style: $1 $got, expected it $2${4:+ with \"$4\"}" >&2
        [[ -s "$work/$1.log" ]] && sed 's/^/  /' "$work/$1.log" >&2
        failed=1
    fi
}

expect name compiles 'let _: Date.ComponentsFormatStyle.Type = Date.ComponentsFormatStyle.self'
expect field compiles 'let _: Date.ComponentsFormatStyle.Field = .month'
expect decodable compiles \
    'let _ = try? JSONDecoder().decode(Date.ComponentsFormatStyle.self, from: Data("{}".utf8))'
# What Apple's callers write: make one with a style, and format a date range with it.
expect initializer fails 'let _ = Date.ComponentsFormatStyle(style: .wide, fields: [.month])' \
    "missing argument for parameter 'from'"
expect formatStyle fails \
    'func f<S: FormatStyle>(_: S) where S.FormatInput == Range<Date> {}; func g(_ s: Date.ComponentsFormatStyle) { f(s) }' \
    "conform to 'FormatStyle'"
expect rangeFormatting fails 'let _ = (Date()..<Date()).formatted(.components(style: .wide))' \
    "has no member 'components'"

[[ "$failed" == 0 ]] || exit 1
echo "components-format-style: Linux Foundation declares Date.ComponentsFormatStyle without an initializer" \
    "or FormatStyle conformance; Product.subscriptionPeriodFormatStyle stays a documented difference"
