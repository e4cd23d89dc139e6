#!/usr/bin/env bash
# A clean-state smoke run of the kiosk binary as a shell script drives it: exit codes, which
# stream each output goes to, and state that outlives a process. HOME and XDG_STATE_HOME point
# into a fresh temporary directory, so nothing of the user's is read or written.
# Prints one line per check and "N passed, N failed"; exits 1 when any check failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
KIOSK="${KIOSK:-$PWD/.build/debug/kiosk}"
if [[ ! -x "$KIOSK" ]]; then
    echo "cli-smoke: no kiosk binary at $KIOSK: run swift build first" >&2
    exit 1
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch/home" XDG_STATE_HOME="$scratch/xdg" NO_COLOR=1
unset KIOSK_SERVER_TOKEN KIOSK_LOG
mkdir -p "$HOME"
state="$scratch/state"
passed=0
failed=0

# run EXIT_CODE COMMAND...: runs the command, keeps its stdout and stderr in $out and $err,
# and fails the check unless it exited with EXIT_CODE.
run() {
    local expected=$1
    shift
    "$@" >"$scratch/out" 2>"$scratch/err"
    status=$?
    out="$(cat "$scratch/out")"
    err="$(cat "$scratch/err")"
    [[ $status == "$expected" ]] || { reason="exit $status, expected $expected; stderr: ${err:0:200}"; return 1; }
}

# check NAME COMMANDS: one check; COMMANDS is shell code that returns non-zero (setting
# $reason when it can) when the check fails.
check() {
    local name=$1
    reason=""
    if eval "$2"; then
        passed=$((passed + 1))
        echo "ok     $name"
    else
        failed=$((failed + 1))
        echo "FAILED $name${reason:+: $reason}"
    fi
}

contains() { [[ $1 == *"$2"* ]] || { reason="expected '$2' in: ${1:0:200}"; return 1; }; }
empty() { [[ -z $1 ]] || { reason="expected nothing, got: ${1:0:200}"; return 1; }; }

check "--help prints usage on stdout and exits 0" \
    'run 0 "$KIOSK" --help && contains "$out" "USAGE: kiosk" && empty "$err"'
check "an unknown option is a usage error: exit 64, the reason on stderr, nothing on stdout" \
    'run 64 "$KIOSK" --no-such-option && empty "$out" && contains "$err" "--no-such-option"'
check "every bundled catalog, paywall copy and theme lints clean" \
    'run 0 "$KIOSK" lint catalogs/demo.storekit catalogs/shelf.storekit catalogs/*.paywall.json themes/*.json && empty "$out"'
# The minimal catalog sells a subscription with no policies on purpose: plain lint warns, exit 0.
check "the minimal catalog is warned about its missing Terms of Use and Privacy Policy" \
    'run 0 "$KIOSK" lint catalogs/minimal.storekit && contains "$out" "no Terms of Use" && contains "$out" "no Privacy Policy"'

# Beside a copy of the default theme it inherits from, so its only problem is the colour.
cp themes/default.json "$scratch/default.json"
printf '{"name": "broken", "inherits": "default", "roles": {"cta": {"fg": "blue"}}}\n' >"$scratch/broken.json"
check "a broken theme: exit 1, file:line:col on stdout, the count on stderr" \
    'run 1 "$KIOSK" lint "$scratch/broken.json" && contains "$out" "$scratch/broken.json:1:" \
        && contains "$out" "roles.cta.fg" && contains "$err" "1 error"'
check "lint --json prints a JSON array a script can read" \
    'run 1 "$KIOSK" lint --json "$scratch/broken.json" \
        && python3 -c "import json,sys; d=json.load(sys.stdin); assert d[0][\"severity\"]==\"error\" and d[0][\"path\"]==\"roles.cta.fg\"" <<<"$out"'

check "store products on a fresh state directory" \
    'run 0 "$KIOSK" store products --state "$state" && contains "$out" "com.kiosk.lumen.filmpack"'
check "a purchase in one process is an entitlement in the next" \
    'run 0 "$KIOSK" store buy com.kiosk.lumen.filmpack --state "$state" \
        && run 0 "$KIOSK" store entitlements --state "$state" && contains "$out" "com.kiosk.lumen.filmpack"'
check "without --state the store lives under \$XDG_STATE_HOME/kiosk" \
    'run 0 "$KIOSK" store products && [[ -d "$XDG_STATE_HOME/kiosk" ]] || { reason="${reason:-no $XDG_STATE_HOME/kiosk}"; false; }'
check "the paywall renders its first frame headless, with the catalog copy (the status line names the catalog from 100 columns)" \
    'run 0 "$KIOSK" --ephemeral --dump 100x30 && contains "$out" "/month" && contains "$out" "demo.storekit"'
check "--ephemeral writes no state" \
    'XDG_STATE_HOME="$scratch/untouched" run 0 "$KIOSK" store buy com.kiosk.lumen.aicredits10 --ephemeral \
        && [[ ! -e "$scratch/untouched" && ! -e "$HOME/.local" ]] || { reason="${reason:-state was written}"; false; }'

check "the shipped rehearsals pass and lint clean; --junit writes a report" \
    'run 0 "$KIOSK" rehearse --junit "$scratch/rehearsals.xml" rehearsals && contains "$out" " passed, 0 failed" \
        && grep -q "<testsuite name=\"rehearsals\"" "$scratch/rehearsals.xml" && run 0 "$KIOSK" lint rehearsals/*.rehearsal'
printf 'buy com.kiosk.lumen.filmpack --offer-cod X\n' >"$scratch/typo.rehearsal"
check "a rehearsal that does not parse: exit 65, file:line:col on stderr, nothing run" \
    'run 65 "$KIOSK" rehearse "$scratch/typo.rehearsal" && empty "$out" && contains "$err" "typo.rehearsal:1:30: error" && contains "$err" "--offer-code"'

# The paywall in a real terminal: tmux, as a user starts it. Waits (bounded) for the first frame.
first_frame() {
    local session="kiosk-smoke-$$-$RANDOM" waited=0
    tmux new-session -d -s "$session" -x 100 -y 30 "$KIOSK --ephemeral; echo kiosk-exited-\$?; sleep 30" || {
        reason="tmux did not start"
        return 1
    }
    until tmux capture-pane -p -t "$session" | grep -q "/month"; do
        ((waited++ < 100)) || { reason="no products after 10 s: $(tmux capture-pane -p -t "$session" | head -5)"; break; }
        sleep 0.1
    done
    tmux send-keys -t "$session" q
    waited=0
    until tmux capture-pane -p -t "$session" | grep -q "kiosk-exited-"; do
        ((waited++ < 50)) || break
        sleep 0.1
    done
    local pane
    pane=$(tmux capture-pane -p -t "$session")
    tmux kill-session -t "$session" 2>/dev/null
    [[ -z $reason ]] && contains "$pane" "kiosk-exited-0"
}
check "the paywall's first frame in tmux shows the products, and q quits with status 0" 'first_frame'

# kiosk serve on a port of its choosing, asked once through the client (which checks the
# signatures against the root it pins), then stopped with SIGINT.
serve_once() {
    local token=smoke-token-0123456789 waited=0 url pid
    "$KIOSK" serve --ephemeral --listen 127.0.0.1:0 --token "$token" >"$scratch/serve.out" 2>&1 &
    pid=$!
    until url=$(grep -o "http://127.0.0.1:[0-9]*" "$scratch/serve.out" | head -1) && [[ -n $url ]]; do
        ((waited++ < 100)) || { reason="not listening after 10 s: $(head -c 300 "$scratch/serve.out")"; kill "$pid"; return 1; }
        sleep 0.1
    done
    run 0 "$KIOSK" store products --store "$url" --server-token "$token" --state "$scratch/client"
    local asked=$?
    kill -INT "$pid"
    wait "$pid"
    local stopped=$?
    ((asked == 0)) && contains "$out" "com.kiosk.lumen.filmpack" \
        && { ((stopped == 0)) || { reason="kiosk serve exited $stopped after SIGINT"; false; }; }
}
check "kiosk serve answers a client's request and stops on SIGINT with status 0" 'serve_once'

echo "$passed passed, $failed failed"
((failed == 0))
