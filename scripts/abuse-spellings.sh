#!/usr/bin/env bash
# How many bookings one client gets accepted within a minute when it sends them
# under every spelling of the booking paths (percent-escaped letters, the JSON
# API and the no-JavaScript form post), with the default limits.
#
#   scripts/abuse-spellings.sh [path/to/taxi-server] [bookings per spelling]
#
# Prints accepted (200) / refused (429, other) per spelling and in total.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/taxi-server}
PER_SPELLING=${2:-50}
[ -x "$BIN" ] || cargo build --release --bin taxi-server
DATA=$(mktemp -d)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
TAXI_LISTEN=127.0.0.1:$PORT TAXI_DATA_DIR=$DATA RUST_LOG=error "$BIN" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$DATA"' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null && break; sleep 0.1; done

DAY=$(date -d '+2 days' +%F)
json() {
  printf '{"name":"Klant %s","email":"klant%s@example.nl","phone":"0612345678","passengerAmount":"2","departure":"Markt 1, Roermond","dateTime":"%sT14:30","destination":"Schiphol","paymentMethod":"cash"}' "$1" "$1" "$DAY"
}
form() {
  printf 'name=Klant+%s&email=klant%s%%40example.nl&phone=0612345678&passengerAmount=2&departure=Markt+1%%2C+Roermond&dateTime=%sT14%%3A30&destination=Schiphol&paymentMethod=cash' "$1" "$1" "$DAY"
}
START=$(date +%s)
TOTAL=0
n=0
for spelling in /api/reservation/nl /%61pi/reservation/nl /api/r%65servation/nl /api/reservation/%6El /ap%69/reservation/nl \
                /reserveren /reserv%65ren /%72eserveren; do
  ok=0; limited=0; other=0
  for _ in $(seq "$PER_SPELLING"); do
    n=$((n + 1))
    if [[ $spelling == /api* || $spelling == /%61pi* || $spelling == /ap%69* ]]; then
      code=$(curl -s --path-as-is -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' --data "$(json $n)" "http://127.0.0.1:$PORT$spelling")
    else
      code=$(curl -s --path-as-is -o /dev/null -w '%{http_code}' -H 'Content-Type: application/x-www-form-urlencoded' --data "$(form $n)" "http://127.0.0.1:$PORT$spelling")
    fi
    case $code in 200) ok=$((ok + 1)) ;; 429) limited=$((limited + 1)) ;; *) other=$((other + 1)) ;; esac
  done
  TOTAL=$((TOTAL + ok))
  printf '%-26s accepted %4d  429 %4d  other %4d\n' "$spelling" "$ok" "$limited" "$other"
done
echo "accepted in total: $TOTAL of $n bookings in $(( $(date +%s) - START )) s (one client, default limits)"
